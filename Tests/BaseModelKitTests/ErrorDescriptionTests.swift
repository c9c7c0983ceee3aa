import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("BaseModel errors read well as localizedDescription")
struct ErrorDescriptionTests {
    @Test("every BaseModelError case's localizedDescription holds its message")
    func everyCase() {
        let errors: [BaseModelError] = [
            .unsupportedValue(type: "TodoItem", kind: "a number", hook: "NumberSettable"),
            .unrepresentableValue(type: "Note", path: "tags[2]", reason: "null cannot be stored"),
            .nonStringKey(type: "Shelf", path: "byName"),
            .nestingTooDeep(type: "Shelf", path: "main.main", limit: 512),
            .notKeyed(type: "Counter"),
            .invalidData(type: "Note", path: "/data/Note.plist", reason: "as json: corrupted data"),
            .unrecognizedFormat(type: "Note", path: "/data/Note.plist", tried: ["json", "plist-binary"]),
            .noModel(type: "Note", path: "/data/Note.json"),
            .notThisModel(type: "Note", path: "/data/Note.json"),
            .cannotCreateFolder(path: "/data", reason: "Permission denied"),
            .notSharedInstance(type: "Note"),
            .unreadableSaveFileKept(type: "Note", path: "/data/Note.plist", reason: "Permission denied"),
            .unreadableResourceKept(type: "Note", path: "/app/Note.plist", reason: "Permission denied"),
            .unreadableSecret(type: "Note", key: "token"),
            .userDefaultsUnavailable(suite: "NSGlobalDomain"),
            .userDefaultsNotSaved(suite: "com.example.notes"),
        ]
        #expect(LocalizedErrorChecks.unreadable(errors) == [])
    }

    @Test("a file with a wrong-typed nested value names the file and the coding path")
    func namesFileAndPath() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("list.json")
        try Data(#"{"items": [{"label": "a"}, {"label": "b", "checked": "often"}]}"#.utf8).write(to: file)
        let message = LocalizedErrorChecks.localizedDescription { _ = try TodoList.instance(contentsOf: file) }
        #expect(message?.contains(file.path) == true, "\(message ?? "no error")")
        #expect(message?.contains("items[1].checked") == true, "\(message ?? "no error")")
    }
}
