/// Writes the one value of a type that encodes itself as a single value (enums with raw values, wrappers).
struct FastSingleValueEncodingContainer: SingleValueEncodingContainer {
    let context: FastEncodingContext
    let frame: Int

    var codingPath: [any CodingKey] { context.path(through: frame) }

    private func claim() -> Bool {
        guard context.frames.indices.contains(frame), context.frames[frame].kind == .single,
            context.frames[frame].count == 0
        else {
            context.fail("a single-value container can hold one value only")
            return false
        }
        context.frames[frame].count = 1
        return true
    }

    mutating func encodeNil() throws {
        if claim() { context.writeNil() }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if claim() { try context.encode(value, link: .single(parent: frame)) }
    }
}
