/// Marks `Dictionary`, so encoders can tell a dictionary (a format's native map, no class
/// name) from a model that happens to use a keyed container.
package protocol CodableDictionaryMarker {}

extension Dictionary: CodableDictionaryMarker {}
