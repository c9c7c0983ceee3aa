import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("Saving and loading files: save(), write(to:format:), instance(contentsOf:)")
struct SavingTests {
    @Test("the default save file is <TypeName>.plist, a binary property list, in the save folder")
    func defaultSaveFile() throws {
        final class Diary: TestModel {
            var entries: [String] = []
            var opened: Date?
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Diary.self)
        #expect(Diary.saveFile == "Diary.plist")
        #expect(Diary.saveFileURL == folder.url.appendingPathComponent("Diary.plist"))
        Diary.shared.entries = ["first"]
        Diary.shared.opened = Date(timeIntervalSince1970: 1_000_000)
        try Diary.shared.save()
        let bytes = try Data(contentsOf: Diary.saveFileURL)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        // Foundation, the peer, reads what was saved.
        let tree = try #require(try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any])
        #expect(tree["entries"] as? [String] == ["first"])
        #expect(tree["opened"] as? Date == Date(timeIntervalSince1970: 1_000_000))
        let loaded = try Diary.instance(contentsOf: Diary.saveFileURL)
        #expect(loaded.entries == ["first"])
        #expect(loaded.opened == Date(timeIntervalSince1970: 1_000_000))
    }

    @Test("the save folder is created when missing, with its parents")
    func createsFolders() throws {
        final class Deep: TestModel {
            static var saveFile: String { "nested/deeper/deep.data" }
            var value = 1
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Deep.self)
        Deep.shared.value = 9
        try Deep.shared.save()
        #expect(try Deep.instance(contentsOf: folder.file("nested/deeper/deep.data")).value == 9)
    }

    @Test(
        "each built-in format writes what Foundation reads, with its own extension",
        arguments: [
            ("plist-xml", "plist"), ("plist-binary", "plist"), ("json", "json"),
        ])
    func builtInFormats(_ identifier: String, _ fileExtension: String) throws {
        let formats: [any ArchiveFormat] = [.propertyList(.xml), .propertyList(.binary), .json]
        let format = try #require(formats.first { $0.identifier == identifier })
        #expect(format.fileExtension == fileExtension)
        let folder = try TemporaryDirectory()
        let note = Note()
        note.title = "Shopping"
        note.tags = ["milk"]
        // Whole seconds: XML property lists keep dates to the second.
        note.created = Date(timeIntervalSince1970: 1_700_000_000)
        note.blob = Data([0, 255])
        let url = folder.file("note.\(fileExtension)")
        try note.write(to: url, format: format)
        let bytes = try Data(contentsOf: url)
        let peer: Any =
            identifier == "json"
            ? try JSONSerialization.jsonObject(with: bytes)
            : try PropertyListSerialization.propertyList(from: bytes, format: nil)
        let tree = try #require(peer as? [String: Any])
        #expect(tree["title"] as? String == "Shopping")
        let loaded = try Note.instance(contentsOf: url)
        #expect(loaded.title == "Shopping")
        #expect(loaded.tags == ["milk"])
        #expect(loaded.created == note.created)
        #expect(loaded.blob == Data([0, 255]))
    }

    @Test("JSON dates are exact ISO 8601 text in UTC, data is base64")
    func jsonShape() throws {
        let note = Note()
        note.created = Date(timeIntervalSince1970: 0.25)
        note.blob = Data("hi".utf8)
        let text = String(decoding: try note.jsonRepresentation(), as: UTF8.self)
        #expect(text.contains(#""created":"1970-01-01T00:00:00.25Z""#))
        #expect(text.contains(#""blob":"aGk=""#))
        #expect(!text.contains("\n"))
    }

    @Test("a model saves in any ArchiveFormat it names, here the test-only format")
    func customSaveFormat() throws {
        final class Secretive: TestModel {
            static var saveFormat: any ArchiveFormat { .reversedJSON }
            var code = ""
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Secretive.self)
        #expect(Secretive.saveFile == "Secretive.rev")
        Secretive.shared.code = "1234"
        try Secretive.shared.save()
        let bytes = try Data(contentsOf: Secretive.saveFileURL)
        #expect(bytes.starts(with: ReversedJSONFormat.magic))
        Secretive.setSharedInstance(nil)
        #expect(Secretive.shared.code == "1234")
    }

    @Test("only the shared instance saves; an item overriding save() saves its list, as the examples did")
    func saveOnlyShared() throws {
        final class Lonely: TestModel {
            var value = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Lonely.self)
        let error = try #require(throws: BaseModelError.self) { try Lonely().save() }
        #expect(error.description.contains("only its shared instance saves itself"))

        TestFolders.assign(folder, to: TodoList.self)
        TestFolders.assign(folder, to: TodoItem.self)
        let item = TodoItem(label: "Feed the cat")
        TodoList.shared.items = [item]
        try item.save()
        let saved = try TodoList.instance(contentsOf: TodoList.saveFileURL)
        #expect(saved.items.map(\.label) == ["Feed the cat"])
    }

    @Test("an absolute save file is used as is")
    func absoluteSaveFile() throws {
        let folder = try TemporaryDirectory()
        final class Anywhere: BaseModel {
            nonisolated(unsafe) static var path = ""
            static var saveFile: String { path }
            var value = 0
            init() {}
        }
        Anywhere.path = folder.file("elsewhere/anywhere.plist").path
        #expect(Anywhere.saveFileURL.path == folder.file("elsewhere/anywhere.plist").path)
        Anywhere.shared.value = 3
        try Anywhere.shared.save()
        #expect(FileManager.default.fileExists(atPath: folder.file("elsewhere/anywhere.plist").path))
    }

    @Test("a read-only folder is a clear error and the old file stays as it was")
    func readOnlyFolder() throws {
        final class Locked: TestModel {
            var value = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Locked.self)
        Locked.shared.value = 1
        try Locked.shared.save()
        let before = try Data(contentsOf: Locked.saveFileURL)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path)
        // Root ignores permissions; the test then shows the write works instead.
        if access(folder.url.path, W_OK) != 0 {
            Locked.shared.value = 2
            let error = try #require(throws: AtomicFileError.self) { try Locked.shared.save() }
            #expect(error.path.hasSuffix("Locked.plist"))
            #expect(error.step == .createTemporaryFile)
            #expect(try Data(contentsOf: Locked.saveFileURL) == before)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        // A destination the system refuses even to root: a folder in the file's place.
        let occupied = folder.file("occupied.plist")
        try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: false)
        let refused = try #require(throws: AtomicFileError.self) { try Locked.shared.write(to: occupied) }
        #expect(refused.step == .replaceDestination)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(names == ["Locked.plist", "occupied.plist"])
        let blocker = folder.file("blocker")
        try Data().write(to: blocker)
        let error = try #require(throws: BaseModelError.self) {
            try Locked.shared.write(to: blocker.appendingPathComponent("inside/file.plist"))
        }
        #expect(error.description.contains("cannot create the folder"))
        #expect(error.description.contains("Not a directory (errno 20) at '\(blocker.path)'"), "\(error)")
    }

    @Test("a save file that cannot exist (a file where its folder should be) means defaults, and saving names the file")
    func saveFolderBlockedByFile() throws {
        final class Blocked: TestModel {
            var value = 0
            init() {}
            static var saveDirectory: URL { TestFolders.folder(for: Self.self).appendingPathComponent("blocker/sub") }
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Blocked.self)
        let blocker = folder.file("blocker")
        try Data("x".utf8).write(to: blocker)
        #expect(try Blocked.reloadSharedInstance().value == 0)
        Blocked.shared.value = 1
        let error = try #require(throws: BaseModelError.self) { try Blocked.shared.save() }
        #expect(error.description.contains("Not a directory (errno 20) at '\(blocker.path)'"), "\(error)")
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "x")
    }

    @Test(
        "a save folder that may not be searched is an error, not a fresh start, and the file is kept",
        .enabled(if: geteuid() != 0, "running as root: permission bits do not stop root"))
    func unsearchableSaveFolder() throws {
        final class Hidden: TestModel {
            var value = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Hidden.self)
        Hidden.shared.value = 7
        try Hidden.shared.save()
        let saved = try Data(contentsOf: Hidden.saveFileURL)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.url.path)
        let error = try #require(throws: BaseModelError.self) { try Hidden.reloadSharedInstance() }
        #expect(error.description.contains("Permission denied (errno 13)"), "\(error)")
        #expect(Hidden.shared.value == 7)
        let refused = try #require(throws: BaseModelError.self) { try Hidden.shared.save() }
        #expect(refused.description.contains("move the file away"), "\(refused)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        #expect(try Data(contentsOf: Hidden.saveFileURL) == saved)
    }

    @Test("an unreadable save file is not overwritten by the defaults the shared instance fell back to")
    func unreadableSaveFileKept() throws {
        final class Precious: TestModel {
            var value = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Precious.self)
        let garbage = Data("bplist00 but not really a property list".utf8)
        try garbage.write(to: Precious.saveFileURL)
        #expect(Precious.shared.value == 0)
        let error = try #require(throws: BaseModelError.self) { try Precious.shared.save() }
        #expect(error.description.contains("Precious.plist"))
        #expect(error.description.contains("move the file away"))
        #expect(try Data(contentsOf: Precious.saveFileURL) == garbage)
        #expect(throws: BaseModelError.self) { try Precious.reloadSharedInstance() }

        // Choosing an instance explicitly is consent to replace the file.
        let chosen = Precious()
        chosen.value = 5
        Precious.setSharedInstance(chosen)
        try Precious.shared.save()
        #expect(try Precious.reloadSharedInstance().value == 5)
    }

    @Test(
        "instance(contentsOf:) names the file and the problem",
        arguments: [
            ("missing", nil, "cannot read a Note from"),
            ("empty.plist", "", "it is empty"),
            ("text.txt", "hello", "in none of the formats plist-binary, plist-xml, json"),
            ("bad.json", "{\"title\": ", "as json"),
            ("null.json", "\"x\"", "it holds a string where a Note belongs"),
            ("foreign.json", "{\"$archiver\": \"NSKeyedArchiver\"}", "it holds none of Note's keys"),
            ("wrong.json", "{\"count\": [1]}", "expected Int at 'count'"),
        ] as [(String, String?, String)])
    func readErrors(_ name: String, _ content: String?, _ expected: String) throws {
        let folder = try TemporaryDirectory()
        let url = folder.file(name)
        if let content { try Data(content.utf8).write(to: url) }
        let error = try #require(throws: BaseModelError.self) { try Note.instance(contentsOf: url) }
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.description.contains(name), "\(error)")
    }
}
