import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

/// Inputs that once crashed the `fastcoding` fuzz target give a value that can be used
/// (described, written back) or an error: never a crash.
@Suite("Fuzz reproducers: FastCoding archives")
struct FuzzReproducerTests {
    /// The shape of the fuzz target's records, as far as these inputs need it.
    private struct Record: Codable {
        var id: Int?
        var name: String?
        var when: Date?
    }

    /// Keeps its decoder and its unkeyed or keyed container past `init(from:)`, as the fuzz
    /// target's `FuzzLateReader` does, to read them after the decode call.
    private final class LateReader: Decodable, @unchecked Sendable {
        private struct AnyKey: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        private var decoder: (any Decoder)?
        private var list: (any UnkeyedDecodingContainer)?
        private var keyed: KeyedDecodingContainer<AnyKey>?

        init(from decoder: any Decoder) throws {
            self.decoder = decoder
            list = try? decoder.unkeyedContainer()
            if list == nil { keyed = try? decoder.container(keyedBy: AnyKey.self) }
        }

        /// The numbers read now from the kept container and from a container of the kept
        /// decoder: each read throws, or gives what the archive holds.
        func readLater() -> [Int] {
            var read: [Int] = []
            for var container in [list, try? decoder?.unkeyedContainer()].compactMap({ $0 }) {
                for _ in 0..<8 where !container.isAtEnd {
                    guard let number = try? container.decode(Int.self) else { break }
                    read.append(number)
                }
            }
            for key in keyed?.allKeys.prefix(8) ?? [] {
                if let number = try? keyed?.decode(Int.self, forKey: key) { read.append(number) }
            }
            return read
        }
    }

    @Test("the reproducers are there")
    func reproducersExist() {
        #expect(!FuzzReproducers.files(forTarget: "fastcoding").isEmpty)
    }

    @Test(
        "each reproducer reads into a value that can be described, or throws",
        arguments: FuzzReproducers.files(forTarget: "fastcoding"))
    func replays(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        if let tree = try? FastCoder.object(with: data) {
            #expect(!String(describing: tree).isEmpty)
        }
        if let records = try? FastCoder.decode([Record].self, from: data) {
            #expect(!String(describing: records).isEmpty)
        }
        // Read after the decode call: nothing is left to read, so every read throws.
        if let late = try? FastCoder.decode(LateReader.self, from: data) {
            #expect(late.readLater() == [])
        }
    }

    private struct Stamp: Codable, Equatable {
        var when: Date
    }

    @Test("a Date chunk holding NaN throws, naming its offset, in both decoders")
    func nanDate() throws {
        var data = try FastCoder.encode(Stamp(when: Date(timeIntervalSinceReferenceDate: 786_000_000)))
        let seconds = withUnsafeBytes(of: (786_000_000 as Double).bitPattern.littleEndian) { Data($0) }
        let range = try #require(data.range(of: seconds))
        data.replaceSubrange(range, with: withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) { Data($0) })
        #expect(throws: FastCodingError.dateIsNotANumber(offset: range.lowerBound)) {
            try FastCoder.decode(Stamp.self, from: data)
        }
        #expect(throws: FastCodingError.dateIsNotANumber(offset: range.lowerBound)) {
            try FastCoder.object(with: data)
        }
    }
}
