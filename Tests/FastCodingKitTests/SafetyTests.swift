import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

private let vectorsEnabled = ConditionTrait.enabled(
    if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason))

/// A v3 archive: header with the given counts, then `body` from offset 20.
private func archive(_ body: [UInt8], objects: UInt32 = 0, classes: UInt32 = 0, strings: UInt32 = 0) -> Data {
    var bytes: [UInt8] = [0x54, 0x53, 0x41, 0x46, 3, 0, 3, 0]
    for count in [objects, classes, strings] { bytes += withUnsafeBytes(of: count.littleEndian, Array.init) }
    return Data(bytes + body)
}

private func formatError(_ data: Data) -> FastCodingError? {
    do {
        _ = try FastCoder.object(with: data)
        return nil
    } catch {
        return error as? FastCodingError
    }
}

/// Reads nested lists of any depth (to drive the typed decoder deep).
private final class Deep: Decodable {
    var children: [Deep] = []
    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        while !list.isAtEnd { children.append(try list.decode(Deep.self)) }
    }
}

@Suite("Hostile input: a value or a thrown error naming the offset, never a crash")
struct SafetyTests {
    @Test(
        "every truncation of every vector throws", vectorsEnabled,
        arguments: SharedVectors.cases(.fastCoding).filter { !$0.name.hasPrefix("corrupt_") })
    func truncations(_ vector: VectorCase) throws {
        let data = try vector.archive()
        let registry = vectorRegistry()
        for length in 0..<data.count {
            let prefix = data.prefix(length)
            #expect(formatError(prefix) != nil, "\(vector.name) cut at \(length) did not throw a FastCodingError")
            #expect(throws: (any Error).self) {
                try FastDecoder(registry: registry).decode([Person].self, from: prefix)
            }
        }
    }

    @Test("errors name the offset and what was expected")
    func messages() throws {
        let cut = archive([0x0A, 0, 0, 0, 2, 0, 0, 0, 0x08, 0x61, 0x00])
        #expect(formatError(cut) == .unexpectedEnd(offset: 31, expected: "a type byte"))
        #expect(formatError(cut)?.description == "unexpected end of input at offset 31 while reading a type byte")
        #expect(formatError(Data([0x54, 0x53])) == .tooShort(length: 2, needed: 8))
        #expect(formatError(Data("TSAF\u{2}\u{0}\u{0}\u{0}".utf8)) == .unsupportedVersion(major: 2, minor: 0))
        #expect(formatError(Data("FAST\u{3}\u{0}\u{3}\u{0}".utf8)) == .badIdentifier)
        #expect(formatError(Data([0x54, 0x53, 0x41, 0x46, 3, 0, 3, 0, 1, 0])) == .tooShort(length: 10, needed: 20))
    }

    @Test("absurd counts are refused before anything is allocated")
    func absurdCounts() throws {
        // Header claims 2^31 objects: the counts are only hints, the file still reads.
        let hinted = archive([0x0F, 7], objects: 1 << 31, classes: 1 << 31, strings: 1 << 31)
        guard case .integer(7) = try FastCoder.object(with: hinted) else { Issue.record("expected 7"); return }
        #expect(try FastCoder.decode(Int.self, from: hinted) == 7)
        // An array announcing 2^31 elements with 4 bytes left.
        let array = archive([0x0A, 0, 0, 0, 0, 0, 0, 0x80, 0x01, 0x01, 0x01, 0x01])
        #expect(formatError(array) == .countTooLarge(count: 1 << 31, offset: 24, remaining: 4))
        #expect(throws: FastCodingError.self) { try FastCoder.decode([Int].self, from: array) }
        let dictionary = archive([0x18, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(formatError(dictionary) == .countTooLarge(count: 0xFFFF_FFFF, offset: 24, remaining: 0))
        #expect(throws: FastCodingError.self) { try FastCoder.decode([String: Int].self, from: dictionary) }
        let data = archive([0x15, 0, 0, 0, 0, 0, 0, 0x80, 1, 2, 3, 4])
        #expect(formatError(data) == .unexpectedEnd(offset: 28, expected: "2147483648 bytes of data"))
        let keys = archive([0x1D, 0x41, 0x00, 0, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(formatError(keys) == .countTooLarge(count: 0x7FFF_FFFF, offset: 24, remaining: 0))
    }

    @Test("alias and class indices beyond the tables are refused")
    func indicesOutOfRange() throws {
        #expect(formatError(archive([0x02, 0])) == .indexOutOfRange(table: "object", index: 0, count: 0, offset: 20))
        #expect(formatError(archive([0x05, 3])) == .indexOutOfRange(table: "string", index: 3, count: 0, offset: 20))
        #expect(formatError(archive([0x1E, 0])) == .indexOutOfRange(table: "class", index: 0, count: 0, offset: 20))
        // A mutable array whose element aliases the array itself is fine; an immutable one is not (post-order slot).
        #expect(formatError(archive([0x19, 0, 0, 0, 1, 0, 0, 0, 0x02, 0])) == nil)
        #expect(
            formatError(archive([0x0A, 0, 0, 0, 1, 0, 0, 0, 0x02, 0]))
                == .indexOutOfRange(table: "object", index: 0, count: 0, offset: 28))
        #expect(throws: FastCodingError.self) {
            try FastCoder.decode([String].self, from: archive([0x0A, 0, 0, 0, 1, 0, 0, 0, 0x05, 9]))
        }
    }

    @Test("unknown and misplaced chunk types are refused")
    func wrongChunkTypes() throws {
        for code in UInt8(49)...UInt8(255) {
            #expect(formatError(archive([code])) == .unknownChunkType(code: code, offset: 20))
        }
        // A URL whose relative part is a number.
        #expect(
            formatError(archive([0x21, 0x0F, 1, 0x00]))
                == .unexpectedChunk(.url, offset: 21, expected: "a string as the URL's relative part"))
        // Typed decoding of the wrong kind is a DecodingError with a message naming the chunk.
        let error = try #require(throws: DecodingError.self) {
            try FastCoder.decode(String.self, from: archive([0x0F, 1]))
        }
        guard case let .typeMismatch(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription == "expected String but found a int8 chunk at offset 20")
        #expect(throws: DecodingError.self) { try FastCoder.decode(UInt8.self, from: archive([0x0F, 0xFF])) }
        #expect(throws: DecodingError.self) {
            try FastCoder.decode([String: Int].self, from: archive([0x08, 0x61, 0]))
        }
    }

    @Test("strings that are not UTF-8 are refused")
    func invalidUTF8() throws {
        #expect(formatError(archive([0x08, 0xFF, 0xFE, 0x00])) == .invalidUTF8(offset: 21))
        #expect(throws: FastCodingError.self) { try FastCoder.decode(String.self, from: archive([0x17, 0xC3, 0x00])) }
        // No terminator before the end of input: EOF, not an over-read.
        #expect(
            formatError(archive([0x08, 0x61, 0x62]))
                == .unexpectedEnd(offset: 23, expected: "the NUL terminator of a string starting at 21"))
    }

    /// UTF-8 byte sequences at the edges of validity, each placed after 40 ASCII bytes too (a
    /// string the reader checks in 32-byte blocks before it reaches them).
    static let utf8Edges: [[UInt8]] = [
        [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],  // valid
        [0x80], [0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],  // invalid
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
    ]

    @Test("a string is read exactly when its bytes are valid UTF-8", arguments: utf8Edges)
    func utf8Validity(_ edge: [UInt8]) throws {
        for bytes in [edge, Array("forty bytes of plain ASCII text before it".utf8.prefix(40)) + edge] {
            let data = archive([0x08] + bytes + [0x00])
            if let expected = String(validating: bytes, as: UTF8.self) {
                #expect(try FastCoder.decode(String.self, from: data) == expected)
                guard case .string(let read) = try FastCoder.object(with: data) else {
                    Issue.record("\(bytes) was not read as a string")
                    continue
                }
                #expect(read == expected)
            } else {
                #expect(formatError(data) == .invalidUTF8(offset: 21))
                #expect(throws: FastCodingError.invalidUTF8(offset: 21)) {
                    try FastCoder.decode(String.self, from: data)
                }
            }
        }
    }

    @Test("the header's table sizes are only a hint: a huge or a wrong count changes nothing")
    func headerCountsAreHints() throws {
        let strings: [UInt8] = [0x19, 0, 0, 0, 2, 0, 0, 0, 0x08, 0x61, 0x00, 0x08, 0x62, 0x00]
        for count in [0, 1, 2, 1_000, UInt32.max] {
            let data = archive(strings, objects: count, strings: count)
            #expect(try FastCoder.decode([String].self, from: data) == ["a", "b"])
        }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func deepNesting() throws {
        var body: [UInt8] = []
        for _ in 0..<100_000 { body += [0x19, 0, 0, 0, 1, 0, 0, 0] }
        body += [0x19, 0, 0, 0, 0, 0, 0, 0]
        let data = archive(body)
        #expect(formatError(data) == .nestingTooDeep(limit: 512, offset: 20 + 512 * 8))
        #expect(throws: FastCodingError.nestingTooDeep(limit: 512, offset: 20 + 512 * 8)) {
            try FastCoder.decode(Deep.self, from: data)
        }
        // Skipping a deep value (an unknown key's value) is bounded too.
        #expect(throws: FastCodingError.self) {
            try FastCoder.decode([String: Int].self, from: archive([0x09, 0, 0, 0, 1, 0, 0, 0] + body))
        }
        #expect(throws: FastCodingError.self) {
            try FastDecoder(maximumDepth: 10).decode(Deep.self, from: archive(Array(body.suffix(8 * 21))))
        }
        let shallow = archive(Array(body.suffix(8 * 21)))
        #expect(try FastDecoder(maximumDepth: 30).decode(Deep.self, from: shallow).children.count == 1)
        // Writing: a chain deeper than the limit throws instead of recursing without end.
        let chain = (0..<600).reduce(Node(name: "end")) { next, index in Node(name: "n\(index)", next: next) }
        #expect(throws: EncodingError.self) { try FastCoder.encode(chain) }
    }

    @Test("class names that are unknown, or not the expected type, are refused")
    func classNames() throws {
        // ClassDefinition "Nope" with one key "name", then Object8 0 with a string.
        let body: [UInt8] =
            [0x1D] + Array("Nope".utf8) + [0, 0, 0, 1, 0, 0, 0] + Array("name".utf8) + [0, 0x1E, 0, 0x08, 0x78, 0]
        let data = archive(body, objects: 1, classes: 1, strings: 1)
        let error = try #require(throws: DecodingError.self) { try FastCoder.decode(Node.self, from: data) }
        guard case let .typeMismatch(_, context) = error else { Issue.record("\(error)"); return }
        #expect(
            context.underlyingError as? ClassResolutionError
                == .unknownClass(name: "Nope", expected: "FastCodingKitTests.Node"))
        // Untyped reading keeps the class name; a struct does not check it.
        guard case let .reference(node) = try FastCoder.object(with: data), case .object("Nope", _) = node.content
        else {
            Issue.record("expected an object named Nope"); return
        }
        struct Named: Decodable { var name: String }
        #expect(try FastCoder.decode(Named.self, from: data).name == "x")
    }

    @Test("mutated vectors never crash either decoder", vectorsEnabled)
    func mutations() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let registry = vectorRegistry()
        for vector in SharedVectors.cases(.fastCoding) {
            let original = [UInt8](try vector.archive())
            for _ in 0..<40 {
                var bytes = original
                for _ in 0..<Int(generator.next() % 3 + 1) {
                    let index = 8 + Int(generator.next() % UInt64(max(bytes.count - 8, 1)))
                    if index < bytes.count { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
                }
                _ = try? FastCoder.object(with: Data(bytes))
                _ = try? FastDecoder(registry: registry).decode([Person].self, from: Data(bytes))
                _ = try? FastDecoder(registry: registry).decode(Person.self, from: Data(bytes))
            }
        }
    }

    @Test("numbers that do not fit the type they are read as are refused, naming the key or index")
    func numbersThatDoNotFit() throws {
        #expect(try NumberFitChecks.problems(with: .fastCoding) == [])
    }

    @Test(
        "nesting deeper than a small thread's stack holds is an error when encoding and when decoding, typed and untyped, not a crash"
    )
    func smallStacks() throws {
        #expect(try StackSpaceChecks.problems(with: .fastCoding) { _ = try FastDecoder().decodeTree(from: $0) } == [])
    }
}
