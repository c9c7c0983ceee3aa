/// A `Decoder` for one value whose offset was recorded and which the stream has moved past:
/// what `superDecoder()` and `superDecoder(forKey:)` return, and what reads the value of a class
/// that wrote itself through a single-value or unkeyed container (see
/// ``FastDecodingContext/wrappedValueDecoder()``). Its containers read the value again from its
/// offset, as nested containers do.
///
/// With no offset it stands for a key the archive does not hold and reads null, as Foundation's
/// decoders do: its single-value container's `decodeNil()` is `true`.
final class FastLocatedDecoder: Decoder {
    let context: FastDecodingContext
    /// Where the value sits in the value that holds it (for coding paths).
    let key: FastDecodingContext.FrameKey
    /// The offset of the value's chunk, or `nil` for null.
    let offset: Int?
    /// The key of null: a key the archive does not hold.
    private let absentKey: (any CodingKey)?

    /// A decoder for the value at `offset`, which the value holding it holds at `key`.
    init(context: FastDecodingContext, key: FastDecodingContext.FrameKey, offset: Int) {
        self.context = context
        self.key = key
        self.offset = offset
        absentKey = nil
    }

    /// A decoder reading null for `absentKey`, which the keyed value of frame `frame` lacks.
    init(context: FastDecodingContext, absentKey: any CodingKey, in frame: Int) {
        self.context = context
        key = FastDecodingContext.FrameKey(parent: frame, position: -1)
        offset = nil
        self.absentKey = absentKey
    }

    var codingPath: [any CodingKey] {
        guard let absentKey else { return context.path(to: key) }
        return context.path(through: key.parent) + [absentKey]
    }
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    /// The error for asking null for a container or a value.
    func null(_ type: Any.Type, _ what: String) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(codingPath: codingPath, debugDescription: "cannot get \(what): found null"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let offset else { throw null(KeyedDecodingContainer<Key>.self, "a keyed decoding container") }
        let index = try context.replay(at: offset) { try context.scannedFrame(key: key, keyed: true) }
        return try context.keyedContainer(Key.self, frame: index)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let offset else { throw null((any UnkeyedDecodingContainer).self, "an unkeyed decoding container") }
        let index = try context.replay(at: offset) { try context.scannedFrame(key: key, keyed: false) }
        return FastUnkeyedDecodingContainer(context: context, frame: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FastLocatedValueContainer(decoder: self)
    }
}
