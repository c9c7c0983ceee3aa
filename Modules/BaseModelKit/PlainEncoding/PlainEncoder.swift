import Foundation

/// The `Encoder` BaseModelKit's plain formats put between a value and Foundation's encoder:
/// values Foundation writes natively (`Date`, `Data`, `URL`, `Decimal`) reach it as they are,
/// after ``PlainValueScreen`` checked that the format holds them; every other value is wrapped
/// again, and an `@Observable` class's keyed container uses the declared property names.
struct PlainEncoder: Encoder {
    let base: any Encoder
    let screen: PlainValueScreen

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let observed = ObservationKeys.encodingContainer(
            keyedBy: type, { container(keyedBy: ArchiveCodingKey.self) })
        {
            return observed
        }
        return KeyedEncodingContainer(PlainKeyedEncodingContainer(base: base.container(keyedBy: type), screen: screen))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        PlainUnkeyedEncodingContainer(base: base.unkeyedContainer(), screen: screen)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        PlainSingleValueEncodingContainer(base: base.singleValueContainer(), screen: screen)
    }

    /// Encodes `value` with `write`: as itself when Foundation writes its type natively (once
    /// the screen accepts it), as the screen's replacement when it has one, or wrapped.
    static func encode<T: Encodable>(
        _ value: T, at path: @autoclosure () -> [any CodingKey], screen: PlainValueScreen,
        write: (any Encodable) throws -> Void
    ) throws {
        switch value {
        case let date as Date:
            try write(try screen.date(date, at: path()))
        case let decimal as Decimal:
            try screen.check(decimal, at: path())
            try write(value)
        case is Data, is URL:
            try write(value)
        default:
            try write(PlainEncodable(value: value, screen: screen))
        }
    }
}
