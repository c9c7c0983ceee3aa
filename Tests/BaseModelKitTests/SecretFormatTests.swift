import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

/// A model saved in a format that holds secrets reads only that format (and the ones it lists):
/// a plain file where its file belongs is refused, naming the file.
@Suite("Models saved encrypted read only encrypted files")
struct SecretFormatTests {
    final class Vault: TestModel {
        static var saveFormat: any ArchiveFormat { SealedFormat() }
        var secret = "none"
        init() {}
    }

    final class MigratingVault: TestModel {
        static var saveFormat: any ArchiveFormat { SealedFormat() }
        static var readableFormats: [any ArchiveFormat] { [.json] }
        var secret = "none"
        init() {}
    }

    @Test("the built-in plain formats are not detected for a model whose format holds secrets")
    func detectableFormats() {
        #expect(Vault.detectableFormats.map(\.identifier) == ["sealed-json"])
        #expect(MigratingVault.detectableFormats.map(\.identifier) == ["sealed-json", "json"])
        #expect(Set(Vault.resourceFormats.map(\.identifier)).isSuperset(of: ["sealed-json", "json", "plist-xml"]))
    }

    @Test("a plain file where the encrypted one belongs is an error naming it; update leaves it as it was")
    func plainFileRefused() throws {
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Vault.self)
        let sealed = Vault()
        sealed.secret = "kept"
        try sealed.write(to: Vault.saveFileURL)
        #expect(try Vault.instance(contentsOf: Vault.saveFileURL).secret == "kept")

        let plain = Data(#"{"secret": "planted"}"#.utf8)
        try plain.write(to: Vault.saveFileURL)
        for attempt in [
            { _ = try Vault.instance(contentsOf: Vault.saveFileURL) },
            { _ = try Vault.reloadSharedInstance() },
            { try Vault.update { $0.secret = "changed" } },
        ] {
            let error = #expect(throws: BaseModelError.self) { try attempt() }
            let text = error?.description ?? ""
            #expect(text.contains(Vault.saveFileURL.path) && text.contains("not encrypted"), "\(text)")
        }
        #expect(try Data(contentsOf: Vault.saveFileURL) == plain)
    }

    @Test("listing a plain format in readableFormats migrates a plain file: the next save seals it")
    func migration() throws {
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: MigratingVault.self)
        try Data(#"{"secret": "old"}"#.utf8).write(to: MigratingVault.saveFileURL)
        try MigratingVault.update { $0.secret += " and sealed" }
        let data = try Data(contentsOf: MigratingVault.saveFileURL)
        #expect(data.starts(with: SealedFormat.magic))
        #expect(try MigratingVault.instance(contentsOf: MigratingVault.saveFileURL).secret == "old and sealed")
    }

    @Test("a plain resource file still gives the defaults of a model saved encrypted")
    func plainResource() throws {
        final class DefaultedVault: TestModel {
            static var saveFormat: any ArchiveFormat { SealedFormat() }
            var secret = "none"
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: DefaultedVault.self)
        try Data(#"{"secret": "from the resource"}"#.utf8).write(to: folder.file("DefaultedVault.json"))
        #expect(try DefaultedVault.instance().secret == "from the resource")
    }
}
