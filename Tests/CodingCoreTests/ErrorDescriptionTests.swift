import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

@Suite("CodingCore errors read well as localizedDescription")
struct ErrorDescriptionTests {
    @Test("every public error type's localizedDescription holds its message")
    func everyType() {
        let classErrors: [ClassResolutionError] = [
            .unknownClass(name: "Person", expected: "Contact"),
            .notASubclass(name: "Person", found: "Animal", expected: "Contact"),
            .unregisteredClass(name: "Person"),
        ]
        #expect(LocalizedErrorChecks.unreadable(classErrors) == [])
        let writeErrors: [AtomicFileError] = [
            AtomicFileError(path: "/data/notes.plist", step: .replaceDestination, code: EACCES),
            AtomicFileError(path: "/data/notes.plist", existingFileType: .folder),
        ]
        #expect(LocalizedErrorChecks.unreadable(writeErrors) == [])
        let readErrors: [FileReadError] = [
            FileReadError(path: "/data/notes.plist", code: ENOENT),
            FileReadError(path: "/data/notes.plist", limit: 1024, size: 4096),
        ]
        #expect(LocalizedErrorChecks.unreadable(readErrors) == [])
        #expect(LocalizedErrorChecks.unreadable([SecretStoreError.notText(key: "token")]) == [])
        #expect(LocalizedErrorChecks.unreadable([FolderCreationError(path: "/data", code: ENOTDIR)]) == [])
    }

    @Test("a missing file's error names the file in localizedDescription")
    func thrownFromMissingFile() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.file("missing.plist")
        let message = LocalizedErrorChecks.localizedDescription { _ = try FileContents.read(from: missing) }
        #expect(message?.contains(missing.path) == true, "\(message ?? "no error")")
    }
}
