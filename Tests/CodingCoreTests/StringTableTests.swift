import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

/// `StringTable` against a plain `Dictionary` of the same strings: the table keeps only
/// offsets into an output the test writes, as the kits' writers do.
@Suite("StringTable: each string's bytes are found again, and only equal bytes match")
struct StringTableTests {
    /// An output that strings are appended to, and the table that numbers them.
    private struct Output {
        /// Starts with a byte, as formats start with a header: never empty, so never without an address.
        var bytes: [UInt8] = [0xEE]
        let table = StringTable(capacity: 4)
        var numbers: [String: Int] = [:]

        /// The number of `text`: the one it was given when first written, or a new one.
        mutating func number(of text: String) -> Int {
            let utf8 = Array(text.utf8)
            let hash = utf8.withUnsafeBufferPointer { table.hash($0) }
            let lookup = utf8.withUnsafeBufferPointer { utf8 in
                bytes.withUnsafeBytes { output in
                    table.lookup(utf8, hash: hash, storedAt: output.baseAddress!)
                }
            }
            switch lookup {
            case .found(let slot):
                return slot
            case .absent(let bucket):
                let number = numbers.count
                numbers[text] = number
                bytes += [0xEE]  // a marker byte between strings, as formats write
                bytes += utf8
                table.insert(at: bucket, hash: hash, offset: bytes.count - utf8.count, length: utf8.count, slot: number)
                return number
            }
        }
    }

    @Test("strings met again get the number they were first given, across many growths of the table")
    func findsEveryString() {
        var output = Output()
        var generator = SplitMix64(seed: 0x57A1_7AB1)
        var texts = ["", "a", "ab", "abcdefgh", "abcdefghi", String(repeating: "x", count: 16), "grüße", "日本語のテキスト"]
        for _ in 0..<3000 {
            let length = Int(generator.next() % 40)
            texts.append(String((0..<length).map { _ in Character(UnicodeScalar(UInt8(97 + generator.next() % 4))) }))
        }
        var expected: [String: Int] = [:]
        for text in texts + texts.reversed() {
            let number = output.number(of: text)
            if let known = expected[text] {
                #expect(number == known, "\(text.debugDescription) came back as \(number), not \(known)")
            } else {
                #expect(number == expected.count, "\(text.debugDescription) was not new")
                expected[text] = number
            }
        }
        #expect(output.table.bucketCount >= 2 * expected.count)
    }

    @Test("bytes that differ anywhere (first, middle, last byte, or length) do not match")
    func tellsApartNearlyEqualStrings() {
        var output = Output()
        let base = String(repeating: "0123456789", count: 5)
        var variants = [base, String(base.dropLast()), base + "!"]
        for index in [0, 7, 8, 15, 16, 25, 49] {
            var bytes = Array(base.utf8)
            bytes[index] ^= 0x01
            variants.append(String(decoding: bytes, as: UTF8.self))
        }
        let numbers = variants.map { output.number(of: $0) }
        #expect(numbers == Array(0..<variants.count))
        #expect(variants.map { output.number(of: $0) } == numbers)
    }

    @Test("the hash takes the process's seed: equal bytes hash alike in every table, other seeds scatter them")
    func seededHash() {
        let first = StringTable(capacity: 4)
        let second = StringTable(capacity: 4)
        for text in ["", "a", "key", "sixteen bytes!!!", String(repeating: "long text ", count: 10)] {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                #expect(first.hash(bytes) == second.hash(bytes))
                #expect(first.hash(bytes) == StringTable.hash(bytes, seed: StringTable.processSeed))
                #expect(StringTable.hash(bytes, seed: 1) != StringTable.hash(bytes, seed: 2))
            }
        }
        // Strings chosen to share the low 10 bits of their hash under one seed (as someone who
        // knew the seed could choose them) spread over the buckets under another.
        var chosen: [[UInt8]] = []
        var candidate = 0
        while chosen.count < 64 {
            let bytes = Array("name \(candidate)".utf8)
            candidate += 1
            if bytes.withUnsafeBufferPointer({ StringTable.hash($0, seed: 7) }) & 1023 == 0 { chosen.append(bytes) }
        }
        let buckets = Set(
            chosen.map { bytes in bytes.withUnsafeBufferPointer { StringTable.hash($0, seed: 8) & 1023 } })
        #expect(buckets.count > 48, "64 strings fell into only \(buckets.count) of 1,024 buckets")
    }

    @Test("the output may move between look-ups: offsets count from where it is now")
    func outputMayMove() {
        var output = Output()
        let first = output.number(of: "stays findable after the output moves")
        output.bytes.reserveCapacity(output.bytes.capacity * 64)
        output.bytes += Array(repeating: 0, count: 10_000)
        #expect(output.number(of: "stays findable after the output moves") == first)
    }

    @Test("removeSlots forgets the strings numbered from a slot on and keeps the others")
    func removeSlots() {
        var output = Output()
        let kept = ["one", "two", "three"].map { output.number(of: $0) }
        _ = ["four", "five"].map { output.number(of: $0) }
        output.table.removeSlots(from: 3)
        output.numbers = ["one": 0, "two": 1, "three": 2]
        #expect(["one", "two", "three"].map { output.number(of: $0) } == kept)
        #expect(output.number(of: "five") == 3, "a forgotten string is new again")
        output.table.removeAll(capacity: 8)
        output.numbers = [:]
        #expect(output.number(of: "one") == 0, "after removeAll every string is new")
    }
}
