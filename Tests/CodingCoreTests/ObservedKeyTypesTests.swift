import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

/// A coder's memory of which key types are an `@Observable` class's synthesized keys gives the
/// same answer as asking each time, for each type, in any order.
@Suite("ObservedKeyTypes: each key type answered once, as ObservationKeys would")
struct ObservedKeyTypesTests {
    struct Plain: Codable {
        var level = 3
    }

    /// The synthesized key type a type's `encode(to:)` asks for.
    private final class KeyTypeSpy: Encoder {
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]
        var keyTypes: [Any.Type] = []
        var answers: [Bool] = []
        var remembered = ObservedKeyTypes()

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            keyTypes.append(type)
            answers.append(remembered.contains(type))
            #expect(answers.last == ObservationKeys.apply(to: type))
            return KeyedEncodingContainer(DiscardingContainer<Key>())
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("not used") }
        func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("not used") }
    }

    private struct DiscardingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var codingPath: [any CodingKey] = []
        mutating func encodeNil(forKey key: Key) {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        { KeyedEncodingContainer(DiscardingContainer<NestedKey>()) }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { fatalError("not used") }
        mutating func superEncoder() -> any Encoder { fatalError("not used") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("not used") }
    }

    @Test(
        "an @Observable class's synthesized keys are observed, a struct's and ArchiveCodingKey are not, asked again and again"
    )
    func answers() throws {
        let spy = KeyTypeSpy()
        for _ in 0..<3 {
            try ObservedSettings().encode(to: spy)
            try Plain().encode(to: spy)
            #expect(spy.remembered.contains(ArchiveCodingKey.self) == false)
        }
        #expect(spy.answers == [true, false, true, false, true, false])
    }
}
