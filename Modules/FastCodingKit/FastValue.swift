import Foundation

/// Everything a FastCoding v3 file can hold, as a tree a program can inspect without model types.
///
/// Plain values (numbers, immutable strings, URLs, NSValue structs) are enum cases. Everything
/// the format tracks by **identity** (containers, data, dates, mutable strings, custom objects)
/// is a ``FastReference`` — a class instance — so a node shared in the file is one shared
/// instance in the tree, and ``FastCoder/data(with:)`` writes it back as one chunk plus aliases.
/// Cycles are possible through mutable containers and objects, exactly as in the file.
/// A tree is not `Sendable` (its nodes are mutable class instances): keep it within one task.
public indirect enum FastValue {
    /// `00` Nil: no object (an absent property value).
    case absent
    /// `01` Null: `NSNull`.
    case null
    /// `0D`/`0E` True/False: a boolean.
    case bool(Bool)
    /// An integer of any wire width (`2D` One, `2E` Zero, Int8…Int64); written back narrowed by value.
    case integer(Int64)
    /// `13` Float32.
    case float(Float)
    /// `14` Float64.
    case double(Double)
    /// `2C` DecimalNumber.
    case decimal(Decimal)
    /// `08` String: an immutable string (deduplicated by value on write).
    case string(String)
    /// `21` URL: a relative string and an optional base, itself a `.url` (deduplicated by value).
    case url(relative: String, base: FastValue?)
    /// `22`–`28`: an `NSValue` holding a geometry struct or a range.
    case structValue(FastStructValue)
    /// A node with identity: containers, data, dates, mutable strings, objects.
    case reference(FastReference)
}

/// A node of a ``FastValue`` tree whose identity the format keeps (one instance, many aliases).
public final class FastReference {
    /// What the node holds.
    public var content: Content

    /// Creates a node; use the same instance in several places to share it.
    public init(_ content: Content) {
        self.content = content
    }

    /// The kinds of nodes the object cache tracks by identity.
    public enum Content {
        /// `17` MutableString.
        case mutableString(String)
        /// `15` Data or `1C` MutableData.
        case data(Data, mutable: Bool)
        /// `30` Date (also produced by `16` LegacyDate, whose epoch is 1970).
        case date(Date)
        /// `0A` Array or `19` MutableArray.
        case array([FastValue], mutable: Bool)
        /// `09` Dictionary or `18` MutableDictionary; entries in wire order, keys of any kind.
        case dictionary([FastEntry], mutable: Bool)
        /// `0B` Set or `1A` MutableSet, in wire order.
        case set([FastValue], mutable: Bool)
        /// `0C` OrderedSet or `1B` MutableOrderedSet.
        case orderedSet([FastValue], mutable: Bool)
        /// `2A` IndexSet or `29` MutableIndexSet: ascending ranges.
        case indexSet([FastIndexRange], mutable: Bool)
        /// `1D` + `1E`–`20`: a custom object — its class name and properties in definition order.
        case object(className: String, properties: [FastProperty])
        /// `2B` NSCodedObject: a class name and its `encodeObject:forKey:` pairs.
        case codedObject(className: String, entries: [FastEntry])
        /// `2F` KeyedArchive: an embedded NSKeyedArchiver archive (a data node).
        case keyedArchive(FastReference)
    }
}

/// A dictionary entry or an NSCoded pair of a ``FastValue`` tree.
public struct FastEntry {
    /// The entry's key (any kind of value).
    public var key: FastValue
    /// The entry's value.
    public var value: FastValue
    /// Creates an entry.
    public init(key: FastValue, value: FastValue) {
        self.key = key
        self.value = value
    }
}

/// A property of a custom object in a ``FastValue`` tree.
public struct FastProperty {
    /// The property key from the class definition.
    public var name: String
    /// The property's value (`.absent` for nil).
    public var value: FastValue
    /// Creates a property.
    public init(_ name: String, _ value: FastValue) {
        self.name = name
        self.value = value
    }
}

/// One contiguous range of an index set (32-bit on the wire).
public struct FastIndexRange: Equatable, Sendable {
    /// The first index of the range.
    public var location: UInt32
    /// The number of indexes in the range.
    public var length: UInt32
    /// Creates a range.
    public init(location: UInt32, length: UInt32) {
        self.location = location
        self.length = length
    }
}

/// An `NSValue` struct (chunks `22`–`28`); CGFloat fields are float64 on the wire.
public enum FastStructValue: Equatable, Sendable {
    /// `22` CGPoint/NSPoint.
    case point(x: Double, y: Double)
    /// `23` CGSize/NSSize.
    case size(width: Double, height: Double)
    /// `24` CGRect/NSRect.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// `25` NSRange (32-bit fields on the wire).
    case range(location: UInt32, length: UInt32)
    /// `26` CGVector.
    case vector(dx: Double, dy: Double)
    /// `27` CGAffineTransform: a, b, c, d, tx, ty.
    case affineTransform([Double])
    /// `28` CATransform3D: m11 … m44, row by row.
    case transform3D([Double])
}

extension FastValue {
    /// The Foundation URL of a `.url` node (resolving its base), or `nil` for other nodes.
    public var foundationURL: URL? {
        guard case let .url(relative, base) = self else { return nil }
        return URL(string: relative, relativeTo: base?.foundationURL)
    }
}
