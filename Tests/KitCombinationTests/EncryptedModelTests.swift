import BaseModelKit
import CryptoCodingKit
import Foundation
import Testing

/// A BaseModel saved with CryptoCodingKit's encrypted format reads only encrypted files: a
/// plain file in its place is refused, naming it, unless the model opts in to migrate.
@Suite("BaseModel with an encrypted format")
struct EncryptedModelTests {
    static let cheap = KeyDerivation.scrypt(log2N: 10, r: 8, p: 1)

    final class Diary: BaseModel {
        static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encrypted-model-\(UUID())")
        static var saveDirectory: URL { folder }
        static var saveFormat: any ArchiveFormat {
            .encrypted(.json, password: "diary", keyDerivation: EncryptedModelTests.cheap)
        }
        var entry = ""
        init() {}
    }

    final class MigratingDiary: BaseModel {
        static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encrypted-model-\(UUID())")
        static var saveDirectory: URL { folder }
        static var saveFormat: any ArchiveFormat {
            .encrypted(.json, password: "diary", keyDerivation: EncryptedModelTests.cheap, allowsPlainArchives: true)
        }
        var entry = ""
        init() {}
    }

    @Test("a plain JSON file where the encrypted one belongs is an error naming it; update leaves it")
    func plainRefused() throws {
        defer { try? FileManager.default.removeItem(at: Diary.folder) }
        try Diary.update { $0.entry = "sealed" }
        #expect(try Diary.instance(contentsOf: Diary.saveFileURL).entry == "sealed")
        let plain = Data(#"{"entry": "planted"}"#.utf8)
        try plain.write(to: Diary.saveFileURL)
        let error = #expect(throws: BaseModelError.self) { try Diary.update { $0.entry = "overwritten" } }
        #expect(error?.description.contains(Diary.saveFileURL.path) == true)
        #expect(error?.description.contains("not encrypted") == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: Diary.saveFileURL) == plain)
    }

    @Test("allowsPlainArchives reads a plain file once; the next save encrypts it")
    func migration() throws {
        defer { try? FileManager.default.removeItem(at: MigratingDiary.folder) }
        try FileManager.default.createDirectory(at: MigratingDiary.folder, withIntermediateDirectories: true)
        try Data(#"{"entry": "plain"}"#.utf8).write(to: MigratingDiary.saveFileURL)
        try MigratingDiary.update { $0.entry += ", then sealed" }
        let saved = try Data(contentsOf: MigratingDiary.saveFileURL)
        #expect(!saved.starts(with: Data("{".utf8)))
        #expect(try Diary.saveFormat.decode(MigratingDiary.self, from: saved).entry == "plain, then sealed")
    }
}
