import Foundation

/// A node of a ``FastValue`` tree whose identity the format keeps (one instance, many aliases).
///
/// Nodes hold their contents strongly, so a tree read from an archive with a cycle keeps itself
/// alive until a node on the cycle gets other ``content``.
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
