import Foundation

/// One encoding of a type's defaults (or of the value a decode layers over): the limits it
/// keeps and the class instances on its current path.
final class DefaultsEncoding {
    /// The most values a type's defaults may hold.
    static let maximumValues = 1 << 20

    let userInfo: [CodingUserInfoKey: Any]
    private var depth = 0
    private var values = 0
    private var stackSpace = StackSpace()
    /// The class instances being encoded, outermost first: meeting one again is a cycle.
    private var activeObjects: [ObjectIdentifier] = []

    init(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
    }

    /// Encodes `value` as the root of a tree.
    static func encode<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: Any]) throws -> DefaultsSlot {
        let slot = DefaultsSlot()
        try DefaultsEncoding(userInfo: userInfo).encode(value, into: slot, codingPath: [])
        return slot
    }

    /// Counts one more value, refusing to go past ``maximumValues``.
    func count(at codingPath: [any CodingKey]) throws {
        values += 1
        guard values <= Self.maximumValues else {
            throw refusal(
                "they hold more than \(Self.maximumValues) values", value: (), codingPath: codingPath)
        }
    }

    /// Writes `value` into `slot`: a scalar as it is, anything else through its `encode(to:)`.
    func encode<T: Encodable>(_ value: T, into slot: DefaultsSlot, codingPath: [any CodingKey]) throws {
        try count(at: codingPath)
        if let scalar = Self.foundationScalar(value) {
            slot.setScalar(scalar)
            return
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= ArchiveLimits.defaultMaximumDepth, !stackSpace.isRunningOut(atDepth: depth) else {
            throw refusal(
                "they nest deeper than \(ArchiveLimits.defaultMaximumDepth) levels", value: value,
                codingPath: codingPath)
        }
        guard T.self is AnyClass else {
            return try value.encode(to: DefaultsEncoder(slot: slot, codingPath: codingPath, encoding: self))
        }
        let object = ObjectIdentifier(value as AnyObject)
        guard !activeObjects.contains(object) else {
            throw refusal("they hold a cycle through a \(T.self)", value: value, codingPath: codingPath)
        }
        activeObjects.append(object)
        defer { activeObjects.removeLast() }
        try value.encode(to: DefaultsEncoder(slot: slot, codingPath: codingPath, encoding: self))
    }

    /// The Foundation values kept as they are rather than encoded: their own `Codable`
    /// representations differ by platform, and a default must decode back exactly.
    private static func foundationScalar<T>(_ value: T) -> (any Sendable)? {
        switch value {
        case let date as Date: date
        case let data as Data: data
        case let url as URL: url
        case let uuid as UUID: uuid
        case let decimal as Decimal: decimal
        default: nil
        }
    }

    private func refusal(_ reason: String, value: Any, codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath, debugDescription: reason))
    }
}
