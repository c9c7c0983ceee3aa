/// Writes the one value of a type that encodes itself as a single value (enums with raw values, wrappers).
struct FastSingleValueEncodingContainer: SingleValueEncodingContainer {
    let context: FastEncodingContext
    let frame: Int

    var codingPath: [any CodingKey] { context.path(through: frame) }

    /// Claims the value; `false` when it is not to be written now: a second value, or a value
    /// used out of turn, is written again buffered (where a second value is refused).
    private func claim() throws -> Bool {
        guard context.frames.indices.contains(frame) else {
            throw context.invalid((), "a single-value container was used after its value was finished")
        }
        guard frame == context.frames.count - 1, context.frames[frame].kind == .single,
            context.frames[frame].count == 0
        else {
            context.requestRestart(frame)
            return false
        }
        context.frames[frame].count = 1
        return true
    }

    mutating func encodeNil() throws {
        if try claim() { context.writeNil() }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if try claim() { try context.encode(value, link: .single(parent: frame)) }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws {
        if try claim() { try context.writeInteger(value) }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws {
        if try claim() { try context.writeInteger(value) }
    }
}
