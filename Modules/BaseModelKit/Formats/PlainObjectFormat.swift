import Foundation

/// A built-in format whose files BaseModel reads as a Foundation value tree (`[String: Any]`,
/// `[Any]`, strings, numbers …) and maps onto the model, as the original did with plain plists
/// and JSON: missing keys keep their defaults, strings and numbers convert, arrays and strings
/// reach the model's hooks.
protocol PlainObjectFormat: ArchiveFormat {
    /// The value tree the bytes hold.
    func object(from data: Data) throws -> Any
}
