import ArchiveTestSupport
import CodingCore
import Testing

/// Checks every `ByteWord` test against a plain byte-by-byte reference: every byte value at
/// every position of words whose other bytes are the values most likely to upset the trick
/// (zero, one, just below and at the high bit, all ones), and seeded random words.
@Suite("ByteWord: eight bytes tested at once agree with testing them one by one")
struct ByteWordTests {
    /// Fillers for the bytes around the one under test: 0x01 is what a borrow turns into a
    /// false zero, 0x7F and 0x80 sit on either side of the high bit.
    static let fillers: [UInt8] = [0x00, 0x01, 0x20, 0x7F, 0x80, 0xFF]

    /// Every word made of one filler with one byte, at any position, set to any value.
    static var singleByteWords: [UInt64] {
        var words: [UInt64] = []
        for filler in fillers {
            for position in 0..<8 {
                for value in 0...255 {
                    words.append(word(filling: filler, setting: UInt8(value), at: position))
                }
            }
        }
        return words
    }

    /// Seeded random words, half of them with every byte ASCII (so bytes below a limit up to
    /// 0x80 are common), plus words whose bytes are drawn from a few values only (so equal and
    /// zero bytes are common, next to each other too).
    static var randomWords: [UInt64] {
        var generator = SplitMix64(seed: 0x5EED_B17E)
        var words: [UInt64] = []
        for index in 0..<4000 {
            let word = generator.next()
            words.append(index % 2 == 0 ? word : word & 0x7F7F_7F7F_7F7F_7F7F)
        }
        let few: [UInt8] = [0x00, 0x01, 0x22, 0x5C, 0x80, 0xFF]
        for _ in 0..<4000 {
            var word: UInt64 = 0
            for position in 0..<8 {
                word |= UInt64(few.randomElement(using: &generator)!) << (8 * position)
            }
            words.append(word)
        }
        return words
    }

    @Test("bytes(equalTo:in:) on every byte value at every position, for every byte sought")
    func equalToEveryByte() {
        var mismatches = Mismatches()
        for word in Self.singleByteWords {
            for sought in 0...255 {
                Self.checkEqual(UInt8(sought), in: word, into: &mismatches)
            }
        }
        #expect(mismatches.count == 0, "\(mismatches)")
    }

    @Test("bytes(below:in:) on every byte value at every position, for every limit up to 0x80")
    func belowEveryLimit() {
        var mismatches = Mismatches()
        for word in Self.singleByteWords {
            for limit in 0...0x80 {
                Self.checkBelow(UInt8(limit), in: word, into: &mismatches)
            }
        }
        #expect(mismatches.count == 0, "\(mismatches)")
    }

    @Test("hasZeroByte and isASCII(word) on every byte value at every position")
    func zeroAndASCIIEveryByte() {
        var mismatches = Mismatches()
        for word in Self.singleByteWords {
            Self.checkZeroAndASCII(word, into: &mismatches)
        }
        #expect(mismatches.count == 0, "\(mismatches)")
    }

    @Test("every word test on seeded random words")
    func randomWords() {
        var generator = SplitMix64(seed: 0xB17E_5EED)
        var mismatches = Mismatches()
        for word in Self.randomWords {
            Self.checkZeroAndASCII(word, into: &mismatches)
            // A byte the word holds, so that matches are common, and any byte.
            let held = Self.byte(Int.random(in: 0..<8, using: &generator), of: word)
            Self.checkEqual(held, in: word, into: &mismatches)
            Self.checkEqual(UInt8.random(in: 0...255, using: &generator), in: word, into: &mismatches)
            Self.checkBelow(UInt8.random(in: 0...0x80, using: &generator), in: word, into: &mismatches)
            Self.checkBelow(min(held, 0x7F) + 1, in: word, into: &mismatches)
        }
        #expect(mismatches.count == 0, "\(mismatches)")
    }

    @Test("isASCII(_:count:) for counts 0...72 (up to two 32-byte blocks), unaligned, a high byte at each position")
    func asciiBuffer() {
        var generator = SplitMix64(seed: 0xA5C1_1000)
        var mismatches = Mismatches()
        // Room for the largest count at every misalignment, and one byte past the end.
        var bytes = [UInt8](repeating: 0, count: 8 + 72 + 1)
        for count in 0...72 {
            for misalignment in 0..<8 {
                for index in bytes.indices { bytes[index] = UInt8.random(in: 0..<0x80, using: &generator) }
                // A high byte just past the end must not count.
                bytes[misalignment + count] = 0xFF
                if !Self.isASCII(bytes, from: misalignment, count: count) {
                    mismatches.add("all-ASCII count \(count) at +\(misalignment) reported non-ASCII")
                }
                for position in 0..<count {
                    let saved = bytes[misalignment + position]
                    bytes[misalignment + position] = UInt8.random(in: 0x80...0xFF, using: &generator)
                    if Self.isASCII(bytes, from: misalignment, count: count) {
                        mismatches.add(
                            "high byte \(bytes[misalignment + position]) at \(position) of \(count) (+\(misalignment)) missed"
                        )
                    }
                    bytes[misalignment + position] = saved
                }
            }
        }
        #expect(mismatches.count == 0, "\(mismatches)")
    }

    // MARK: - The reference and the checks

    /// Disagreements with the reference: how many, and the first few in words.
    struct Mismatches: CustomStringConvertible {
        var count = 0
        var first: [String] = []

        mutating func add(_ message: @autoclosure () -> String) {
            count += 1
            if first.count < 5 { first.append(message()) }
        }

        var description: String { "\(count) mismatches, first: \(first)" }
    }

    /// Byte `position` of `word`, counted from the least significant (memory order on a
    /// little-endian machine).
    static func byte(_ position: Int, of word: UInt64) -> UInt8 {
        UInt8(truncatingIfNeeded: word >> (8 * position))
    }

    /// The position of the first byte of `word` that satisfies `test`, one byte at a time.
    static func firstByte(of word: UInt64, where test: (UInt8) -> Bool) -> Int? {
        for position in 0..<8 where test(byte(position, of: word)) { return position }
        return nil
    }

    static func hex(_ word: UInt64) -> String { "0x" + String(word, radix: 16) }

    static func word(filling filler: UInt8, setting value: UInt8, at position: Int) -> UInt64 {
        let filled = UInt64(filler) &* 0x0101_0101_0101_0101
        return filled & ~(0xFF << (8 * position)) | UInt64(value) << (8 * position)
    }

    /// A result of `bytes(below:in:)` or `bytes(equalTo:in:)` agrees with the reference when it
    /// holds high bits only, is non-zero exactly when some byte matches, and its lowest set bit
    /// is the high bit of the first byte that matches.
    static func check(
        _ result: UInt64, of name: @autoclosure () -> String, in word: UInt64, firstMatch: Int?,
        into mismatches: inout Mismatches
    ) {
        if result & ~0x8080_8080_8080_8080 != 0 {
            mismatches.add("\(name()) in \(hex(word)) set a bit other than a high bit")
        }
        switch firstMatch {
        case nil where result != 0:
            mismatches.add("\(name()) in \(hex(word)) found a byte that is not there")
        case let first? where result == 0:
            mismatches.add("\(name()) in \(hex(word)) missed byte \(first)")
        case let first? where result.trailingZeroBitCount != 8 * first + 7:
            mismatches.add(
                "\(name()) in \(hex(word)) flagged byte \(result.trailingZeroBitCount / 8) first, not byte \(first)")
        default:
            break
        }
    }

    static func checkEqual(_ sought: UInt8, in word: UInt64, into mismatches: inout Mismatches) {
        let first = firstByte(of: word) { $0 == sought }
        check(
            ByteWord.bytes(equalTo: sought, in: word), of: "bytes(equalTo: \(sought))", in: word, firstMatch: first,
            into: &mismatches)
    }

    static func checkBelow(_ limit: UInt8, in word: UInt64, into mismatches: inout Mismatches) {
        let first = firstByte(of: word) { $0 < limit }
        check(
            ByteWord.bytes(below: limit, in: word), of: "bytes(below: \(limit))", in: word, firstMatch: first,
            into: &mismatches)
    }

    static func checkZeroAndASCII(_ word: UInt64, into mismatches: inout Mismatches) {
        if ByteWord.hasZeroByte(word) != (firstByte(of: word) { $0 == 0 } != nil) {
            mismatches.add("hasZeroByte(\(hex(word))) is \(ByteWord.hasZeroByte(word))")
        }
        if ByteWord.isASCII(word) != (firstByte(of: word) { $0 >= 0x80 } == nil) {
            mismatches.add("isASCII(\(hex(word))) is \(ByteWord.isASCII(word))")
        }
    }

    /// `ByteWord.isASCII(_:count:)` on the `count` bytes of `bytes` from `start`.
    static func isASCII(_ bytes: [UInt8], from start: Int, count: Int) -> Bool {
        bytes.withUnsafeBytes { ByteWord.isASCII($0.baseAddress! + start, count: count) }
    }
}
