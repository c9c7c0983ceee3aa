import Foundation

/// An object with identity in a keyed archive: a Foundation collection, a mutable string or
/// data, or an instance of any other class with its properties.
public enum KeyedArchiveObject: Hashable, Sendable {
    /// `NSArray` / `NSMutableArray` (`NS.objects`).
    case array([KeyedArchiveValue], mutable: Bool)
    /// `NSSet` / `NSMutableSet` (`NS.objects`).
    case set([KeyedArchiveValue], mutable: Bool)
    /// `NSOrderedSet` / `NSMutableOrderedSet` (`NS.object.0`, `NS.object.1`, …).
    case orderedSet([KeyedArchiveValue], mutable: Bool)
    /// `NSDictionary` / `NSMutableDictionary` (`NS.keys` + `NS.objects`), in archive order.
    case dictionary([KeyedArchiveEntry], mutable: Bool)
    /// `NSMutableString` (`NS.string`).
    case mutableString(String)
    /// `NSMutableData` (`NS.data`).
    case mutableData(Data)
    /// An instance of any other class: `$classname`, the `$classes` chain (the class first), and
    /// every key of its dictionary except `$class`, in archive order.
    case instance(className: String, classes: [String], properties: [KeyedArchiveProperty])
}
