import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

@Suite("The keyed archive as an ArchiveFormat")
struct ArchiveFormatTests {
    /// A format that recognises everything, to check the detection order.
    struct Anything: ArchiveFormat {
        var identifier: String
        var priority: ArchiveDetectionPriority
        var fileExtension: String { "any" }
        var detectionPriority: ArchiveDetectionPriority { priority }
        func encode<T: Encodable>(_ value: T) throws -> Data { Data() }
        func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { throw CocoaError(.coderReadCorrupt) }
        func recognizes(_ data: Data) -> Bool { true }
    }

    @Test("writes and reads files through the format value, binary and XML")
    func fileRoundTrip() throws {
        let folder = try TemporaryDirectory()
        for format in [KeyedArchiveFormat.keyedArchive, .keyedArchiveXML] {
            let url = folder.url.appendingPathComponent("profile.\(format.fileExtension)")
            try format.write(Profile.sample, to: url)
            #expect(try format.read(Profile.self, from: url) == Profile.sample)
            #expect(format.recognizes(try Data(contentsOf: url)))
        }
        #expect(KeyedArchiveFormat.keyedArchive.identifier == "keyed")
        #expect(KeyedArchiveFormat.keyedArchiveXML.identifier == "keyed-xml")
        #expect(KeyedArchiveFormat.keyedArchive.detectionPriority == .keyedArchive)
    }

    @Test("KeyedUnarchiver refuses a file over the limit before reading it: 256 MiB by default, or as given")
    func readLimit() throws {
        let folder = try TemporaryDirectory()
        let huge = folder.url.appendingPathComponent("huge.plist")
        try SpecialFiles.makeSparseFile(at: huge, size: SpecialFiles.hugeSize)
        let error = #expect(throws: FileReadError.self) {
            try KeyedUnarchiver.unarchive(Profile.self, contentsOf: huge)
        }
        #expect(error?.limit == ArchiveLimits.defaultMaximumFileSize)
        #expect(error?.size == Int(SpecialFiles.hugeSize))
        let url = folder.url.appendingPathComponent("profile.plist")
        try KeyedArchiver.archiveRootObject(Profile.sample, to: url)
        let size = try FileContents.read(from: url).count
        #expect(throws: FileReadError.self) {
            try KeyedUnarchiver.unarchive(Profile.self, contentsOf: url, limit: size - 1)
        }
        #expect(try KeyedUnarchiver.unarchive(Profile.self, contentsOf: url, limit: size) == Profile.sample)
    }

    @Test("recognizes looks for $archiver, not just a property-list header")
    func recognition() throws {
        let format = KeyedArchiveFormat.keyedArchive
        let plainBinary = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        let plainXML = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .xml, options: 0)
        #expect(!format.recognizes(plainBinary))
        #expect(!format.recognizes(plainXML))
        #expect(!format.recognizes(Data("{\"$archiver\": 1}".utf8)))
        #expect(!format.recognizes(Data()))
        let foundation = try NSKeyedArchiver.archivedData(
            withRootObject: NSArray(array: ["x"]), requiringSecureCoding: false)
        #expect(format.recognizes(foundation))
    }

    @Test(
        "Apple's archives are recognised",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: VectorTests.validCases)
    func recognizesVectors(_ vector: VectorCase) throws {
        #expect(KeyedArchiveFormat.keyedArchive.recognizes(try vector.archive()))
    }

    @Test("detection puts the keyed archive before HR and plain formats whatever the order given")
    func detectionOrder() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: ["a"])
        let candidates: [any ArchiveFormat] = [
            Anything(identifier: "plain", priority: .plain),
            Anything(identifier: "hr", priority: .humanReadable),
            KeyedArchiveFormat.keyedArchive,
        ]
        #expect(ArchiveFormatDetection.format(of: data, among: candidates)?.identifier == "keyed")
        let withFast: [any ArchiveFormat] = candidates + [Anything(identifier: "fast", priority: .fastCoding)]
        #expect(ArchiveFormatDetection.format(of: data, among: withFast)?.identifier == "fast")
    }
}
