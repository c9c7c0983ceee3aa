import ArchiveTestSupport
import Foundation
import Testing

/// Each program's files are in the promised format: checked on the bytes, and with Foundation
/// where Foundation reads the format.
@Suite("file formats")
struct FileFormatTests {
    @Test("BasicTodoList: a binary property list, starting with the original's four bundled items")
    func basic() throws {
        let program = try ExampleProgram("BasicTodoList")
        #expect(
            try program.items() == [
                "[ ] Do washing", "[ ] Mow lawn", "[ ] Write an open source library",
                "[ ] Feed the cat",
            ])
        try program.output(["done", "4"])
        let data = try Data(contentsOf: program.file("TodoList.plist"))
        #expect(data.starts(with: Data("bplist00".utf8)))
        let root = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let items = try #require(root["items"] as? [[String: Any]])
        #expect(
            items.map { $0["label"] as? String } == [
                "Do washing", "Mow lawn", "Write an open source library",
                "Feed the cat",
            ])
        #expect(items.map { $0["checked"] as? Bool } == [false, false, false, true])
        #expect(items.allSatisfy { $0["created"] is Date })
    }

    @Test("AutoTodoList: an NSKeyedArchiver keyed archive; it starts empty")
    func auto() throws {
        let program = try ExampleProgram("AutoTodoList")
        #expect(try program.items() == [])
        try program.output(["add", "Feed the cat"])
        let data = try Data(contentsOf: program.file("TodoList.plist"))
        #expect(data.starts(with: Data("bplist00".utf8)))
        let root = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(root["$archiver"] as? String == "NSKeyedArchiver")
        #expect((root["$objects"] as? [Any])?.contains { $0 as? String == "Feed the cat" } == true)
    }

    @Test("HRTodoList: HRCoder JSON with $class tags; it starts with the four items of the bundled HRCoder XML")
    func hr() throws {
        let program = try ExampleProgram("HRTodoList")
        #expect(try program.items().count == 4)
        try program.output(["add", "Buy milk"])
        let root = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: program.file("TodoList.json"))) as? [String: Any])
        #expect(root["$class"] as? String == "TodoList")
        let items = try #require(root["items"] as? [[String: Any]])
        #expect(items.map { $0["$class"] as? String } == Array(repeating: "TodoItem", count: 5))
        #expect(items.last?["label"] as? String == "Buy milk")
    }

    @Test("FCTodoList: FastCoding (TSAF magic); it starts empty")
    func fastCoding() throws {
        let program = try ExampleProgram("FCTodoList")
        #expect(try program.items() == [])
        try program.output(["add", "Feed the cat"])
        let data = try Data(contentsOf: program.file("TodoList.fast"))
        #expect(data.starts(with: Data("TSAF".utf8)))
        #expect(data.range(of: Data("Feed the cat".utf8)) != nil)
    }

    @Test("CryptoTodoList: the encrypted envelope (CCKE magic), no label readable in the bytes")
    func crypto() throws {
        let program = try ExampleProgram("CryptoTodoList")
        #expect(try program.items().count == 4)
        try program.output(["add", "Hide the key"])
        let data = try Data(contentsOf: program.file("TodoList.enc"))
        #expect(data.starts(with: Data("CCKE".utf8)))
        #expect(data.range(of: Data("Hide the key".utf8)) == nil)
        #expect(data.range(of: Data("Feed the cat".utf8)) == nil)
    }

    @Test("TodoList: HR JSON list, UserDefaults settings, FastCoding archive, encrypted notes, KeychainStore password")
    func showcase() throws {
        let program = try ExampleProgram("TodoList")
        #expect(
            try program.items() == [
                "[ ] Try TodoList demo", "[ ] Edit TodoList.json by hand",
                "[ ] Write a private note",
            ])
        try program.output(["done", "1"])
        #expect(try program.output(["archive"]) == "archived 1 item\n")
        #expect(try program.items() == ["[ ] Edit TodoList.json by hand", "[ ] Write a private note"])
        #expect(try program.output(["archived"]).hasPrefix("1. [x] Try TodoList demo  (added "))
        try program.output(["note", "The spare key is under the mat"])
        #expect(try program.output(["notes"]) == "1. The spare key is under the mat\n")
        try program.output(["dates", "on"])
        #expect(try program.output(["list"]).contains("(added "))

        let list = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: program.file("TodoList.json"))) as? [String: Any])
        #expect(list["$class"] as? String == "TodoList")
        let archive = try Data(contentsOf: program.file("CompletedArchive.fast"))
        #expect(archive.starts(with: Data("TSAF".utf8)))
        let notes = try Data(contentsOf: program.file("PrivateNotes.enc"))
        #expect(notes.starts(with: Data("CCKE".utf8)))
        #expect(notes.range(of: Data("spare key".utf8)) == nil)
        let keychain = try Data(contentsOf: program.file("keychain/TodoList.keychain"))
        #expect(keychain.starts(with: Data("KSTORE".utf8)))
        #if os(Linux)
            // swift-corelibs-foundation keeps a defaults suite in $XDG_CONFIG_HOME/<suite>.plist.
            let settingsFile = program.home.url.appendingPathComponent("config/TodoList.plist")
            let settings =
                try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: settingsFile), format: nil) as? [String: Any]
            #expect(settings?["showDates"] as? Bool == true)
        #endif
        try program.output(["dates", "off"])
        #expect(!(try program.output(["list"]).contains("(added ")))
    }
}
