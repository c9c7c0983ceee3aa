import Foundation

/// A value handed to Foundation's `JSONEncoder` or `PropertyListEncoder` through a
/// ``PlainEncoder``, so every level of it is screened by its ``PlainValueScreen`` and an
/// `@Observable` class's properties are written under their declared names.
struct PlainEncodable<Value: Encodable>: Encodable {
    let value: Value
    let screen: PlainValueScreen

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: PlainEncoder(base: encoder, screen: screen))
    }
}
