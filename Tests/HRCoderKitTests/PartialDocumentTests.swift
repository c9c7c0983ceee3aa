import Foundation
import HRCoderKit
import Testing

/// Documents a person writes by hand, spelling only the keys they care about
/// (HandWrittenDocuments.md): the keys of `Evolvable` types may be left out.
@Suite("Hand-written documents that leave keys out")
struct PartialDocumentTests {
    /// The article's example, as it shows it.
    static let jsonSettings = """
        {
            "theme": "dark",
            "accent": {"red": 1}
        }
        """

    static let xmlSettings = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>fontSize</key>
        	<integer>16</integer>
        	<key>recentFiles</key>
        	<array>
        		<string>notes.txt</string>
        	</array>
        </dict>
        </plist>
        """

    @Test("a JSON file spelling two keys loads, the rest at their defaults")
    func jsonWithSomeKeys() throws {
        let settings = try HRCoder().decode(HandEditedSettings.self, from: Data(Self.jsonSettings.utf8))
        var expected = HandEditedSettings()
        expected.theme = "dark"
        expected.accent.red = 1
        expected.nickname = nil
        #expect(settings == expected)
    }

    @Test("an XML plist spelling two keys loads, the rest at their defaults")
    func xmlWithSomeKeys() throws {
        let settings = try HRCoder().decode(HandEditedSettings.self, from: Data(Self.xmlSettings.utf8))
        var expected = HandEditedSettings()
        expected.fontSize = 16
        expected.recentFiles = ["notes.txt"]
        expected.nickname = nil
        #expect(settings == expected)
    }

    @Test("an empty dictionary loads as the defaults, with missing optionals nil")
    func emptyDocument() throws {
        for document in ["{}", #"<plist version="1.0"><dict/></plist>"#] {
            let settings = try HRCoder().decode(HandEditedSettings.self, from: Data(document.utf8))
            var expected = HandEditedSettings()
            expected.nickname = nil
            #expect(settings == expected)
        }
    }

    @Test("a key spelled with a value of the wrong type is still an error naming it")
    func wrongTypeStillFails() throws {
        let document = #"{"accent": {"red": "very"}}"#
        let error = try #require(throws: DecodingError.self) {
            try HRCoder().decode(HandEditedSettings.self, from: Data(document.utf8))
        }
        #expect("\(error)".contains("at 'accent.red'"))
    }

    @Test("saving a loaded file writes every key again")
    func savingWritesEveryKey() throws {
        let settings = try HRCoder().decode(HandEditedSettings.self, from: Data(Self.jsonSettings.utf8))
        let saved = try HRCoder(outputFormat: .json).encodeTree(settings)
        guard case let .dictionary(entries) = saved else { Issue.record("\(saved)"); return }
        #expect(Set(entries.keys) == ["$class", "theme", "fontSize", "showsToolbar", "recentFiles", "accent"])
    }

    // MARK: The to-do list example

    /// A list as the TodoList example saves it (pretty-printed HRCoder JSON), edited by a person:
    /// the second item was typed in with its label only, the third without `created`.
    static let editedTodoList = """
        {
          "$class" : "TodoListRecord",
          "items" : [
            {
              "$class" : "TodoItemRecord",
              "checked" : true,
              "created" : {"$class" : "NSDate", "NS.time" : 700000000},
              "label" : "Buy milk"
            },
            {"label" : "Call Ann"},
            {"$class" : "TodoItemRecord", "label" : "Water plants", "checked" : true}
          ]
        }
        """

    @Test("a to-do list whose hand-typed items lack checked and created loads without a hand-written init(from:)")
    func todoItemsWithoutSomeKeys() throws {
        let list = try HRCoder().decode(TodoListRecord.self, from: Data(Self.editedTodoList.utf8))
        #expect(list.items.map(\.label) == ["Buy milk", "Call Ann", "Water plants"])
        #expect(list.items.map(\.checked) == [true, false, true])
        #expect(list.items[0].created == Date(timeIntervalSinceReferenceDate: 700_000_000))
        // Missing dates take the type's default, a date when the defaults were worked out.
        #expect(list.items[1].created <= Date())
        #expect(list.items[2].created == list.items[1].created)
    }

    @Test("a misspelt key is skipped and its property keeps its default, as the originals did")
    func todoItemWithTypo() throws {
        let document = #"{"items": [{"lable": "Typo", "checked": true}]}"#
        let list = try HRCoder().decode(TodoListRecord.self, from: Data(document.utf8))
        #expect(list.items.first?.label == "")
        #expect(list.items.first?.checked == true)
    }
}
