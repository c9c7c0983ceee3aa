/// A nested container (`nestedContainer(keyedBy:)`, `nestedUnkeyedContainer()`,
/// `superEncoder()`, an enum case's payload): a value without a type of its own, so it is
/// written as Foundation's untyped kinds, an `NSDictionary` of its keys or an `NSArray` of its
/// items, which `NSKeyedUnarchiver` reads too.
enum NestedContainer: KeyedCollectionMarker {
    static var foundationClassName: String { "NSDictionary" }
    static var hasStringKeys: Bool { true }
}
