/// Lets the encoder and decoder recognise Swift collections that have a Foundation counterpart
/// with its own archive layout: `Dictionary` (`NSDictionary`) and `Set` (`NSSet`).
protocol KeyedCollectionMarker {
    /// The Foundation class an archive records for this collection.
    static var foundationClassName: String { get }
    /// For dictionaries: whether keys are written as strings (`String` keys) or as numbers.
    static var hasStringKeys: Bool { get }
}

extension Dictionary: KeyedCollectionMarker {
    static var foundationClassName: String { "NSDictionary" }
    static var hasStringKeys: Bool { !(Key.self is any BinaryInteger.Type) }
}

extension Set: KeyedCollectionMarker {
    static var foundationClassName: String { "NSSet" }
    static var hasStringKeys: Bool { true }
}
