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
