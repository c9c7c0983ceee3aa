import BaseModelKit
import Foundation
import Testing

@Suite("Building models from dictionaries, arrays and values (the original's setWith…)")
struct ConstructionTests {
    @Test("instance() runs init (the original's setUp)")
    func instanceRunsInit() throws {
        let note = try Note.instance()
        #expect(note.title == "untitled")
        #expect(note.count == 0)
    }

    @Test("keys set the properties they name; missing keys keep their defaults; unknown keys are ignored")
    func dictionaryKeys() throws {
        let note = try #require(try Note.instance(with: ["count": 3, "tags": ["a", "b"], "colour": "red"]))
        #expect(note.count == 3)
        #expect(note.tags == ["a", "b"])
        #expect(note.title == "untitled")
        #expect(note.subtitle == nil)
    }

    @Test(
        "strings, numbers and booleans convert as key-value coding did, where they convert exactly",
        arguments: [
            (#"{"count": "42"}"#, "count", "42"),
            (#"{"count": 2.0}"#, "count", "2"),
            (#"{"count": true}"#, "count", "1"),
            (#"{"ratio": "2.5"}"#, "ratio", "2.5"),
            (#"{"ratio": 3}"#, "ratio", "3.0"),
            (#"{"done": "YES"}"#, "done", "true"),
            (#"{"done": "true"}"#, "done", "true"),
            (#"{"done": "no"}"#, "done", "false"),
            (#"{"done": 1}"#, "done", "true"),
            (#"{"done": 0}"#, "done", "false"),
            (#"{"title": 12}"#, "title", "12"),
            (#"{"unsigned": "9"}"#, "unsigned", "9"),
        ])
    func scalarConversions(_ json: String, _ key: String, _ expected: String) throws {
        let input = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let note = try #require(try Note.instance(with: input))
        let value = try #require(note.dictionaryRepresentation[key])
        #expect("\(value)" == expected)
    }

    @Test(
        "a value that does not convert exactly is a type mismatch naming its key, never a made-up value",
        arguments: [
            (#"{"count": 2.9}"#, "count"),
            (#"{"count": " -7 apples"}"#, "count"),
            (#"{"count": "large"}"#, "count"),
            (#"{"small": 300}"#, "small"),
            (#"{"unsigned": "-1"}"#, "unsigned"),
            (#"{"done": 2}"#, "done"),
            (#"{"done": "maybe"}"#, "done"),
            (#"{"title": true}"#, "title"),
            (#"{"tags": "a, b"}"#, "tags"),
        ])
    func inexactConversions(_ json: String, _ key: String) throws {
        let input = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let error = try #require(throws: DecodingError.self) { try Note.instance(with: input) }
        guard case let .typeMismatch(_, context) = error else {
            Issue.record("not a type mismatch: \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == [key])
    }

    @Test("JSON's ISO 8601 date strings and base64 strings become Date and Data")
    func jsonStrings() throws {
        let note = try #require(
            try Note.instance(with: [
                "created": "2026-11-24T09:30:00.250Z", "blob": Data([1, 2, 3]).base64EncodedString(),
            ]))
        #expect(note.created == Date(timeIntervalSince1970: 1_795_512_600.25))
        #expect(note.blob == Data([1, 2, 3]))
    }

    @Test("null makes an optional nil; null for a non-optional is an error naming the key")
    func nulls() throws {
        let note = try #require(try Note.instance(with: ["subtitle": "x", "title": "kept"]))
        #expect(note.subtitle == "x")
        let cleared = try #require(try Note.instance(with: ["subtitle": NSNull()]))
        #expect(cleared.subtitle == nil)
        #expect(cleared.title == "untitled")
        for key in ["title", "count"] {
            let error = try #require(throws: DecodingError.self) { try Note.instance(with: [key: NSNull()]) }
            guard case let .valueNotFound(_, context) = error else {
                Issue.record("not valueNotFound: \(error)")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == [key])
        }
    }

    @Test("nil and NSNull give no model")
    func nilObjects() throws {
        #expect(try Note.instance(with: nil) == nil)
        #expect(try Note.instance(with: NSNull()) == nil)
    }

    @Test("nested dictionaries become nested models, with the nested model's own defaults")
    func nestedModels() throws {
        let shelf = try #require(
            try Shelf.instance(with: [
                "name": "top",
                "main": ["checked": true],
                "spare": "spare label",
                "byName": ["a": ["label": "first"], "b": "second"],
            ]))
        #expect(shelf.main.checked)
        #expect(shelf.main.label == "")
        #expect(shelf.spare?.label == "spare label")
        #expect(shelf.byName["a"]?.label == "first")
        #expect(shelf.byName["b"]?.label == "second")
    }

    @Test("an array reaches setWithArray, whose items come from strings and dictionaries")
    func arrayHook() throws {
        let input: [Any] = ["Do washing", ["label": "Mow lawn", "checked": true], NSNull()]
        let list = try #require(try TodoList.instance(with: input))
        #expect(list.items.map(\.label) == ["Do washing", "Mow lawn"])
        #expect(list.items.map(\.checked) == [false, true])
    }

    @Test("an array of dictionaries and strings for an array property becomes an array of models")
    func arrayOfModels() throws {
        let list = try #require(try TodoList.instance(with: ["items": [["label": "a"], "b"]]))
        #expect(list.items.map(\.label) == ["a", "b"])
        let error = try #require(throws: DecodingError.self) {
            try TodoList.instance(with: ["items": [["label": "a"], NSNull()]])
        }
        guard case let .valueNotFound(_, context) = error else {
            Issue.record("not valueNotFound: \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1"])
    }

    @Test("instances(with:) skips elements that cannot become a model")
    func instancesSkip() {
        let input: [Any] = ["a", NSNull(), 42, ["label": "b"], ["checked": ["not", "a", "bool"]], [1, 2]]
        let items = TodoItem.instances(with: input)
        #expect(items.map(\.label) == ["a", "b"])
    }

    @Test("numbers, data and dates reach their hooks")
    func otherHooks() throws {
        final class Reading: BaseModel, NumberSettable, DataSettable, DateSettable {
            var value = 0.0
            var bytes = 0
            var when: Date?
            init() {}
            func setWithNumber(_ number: NSNumber) throws { value = number.doubleValue }
            func setWithData(_ data: Data) throws { bytes = data.count }
            func setWithDate(_ date: Date) throws { when = date }
        }
        #expect(try Reading.instance(with: 2.5)?.value == 2.5)
        #expect(try Reading.instance(with: Data([1, 2]))?.bytes == 2)
        #expect(try Reading.instance(with: Date(timeIntervalSince1970: 5))?.when == Date(timeIntervalSince1970: 5))
    }

    @Test(
        "a kind of value without a hook names the protocol to adopt",
        arguments: [
            ("string", "Note cannot be made from a string: adopt StringSettable.setWithString(_:)"),
            ("array", "Note cannot be made from an array: adopt ArraySettable.setWithArray(_:)"),
            ("number", "Note cannot be made from a number: adopt NumberSettable.setWithNumber(_:)"),
            ("data", "Note cannot be made from data: adopt DataSettable.setWithData(_:)"),
            ("date", "Note cannot be made from a date: adopt DateSettable.setWithDate(_:)"),
        ])
    func missingHook(_ kind: String, _ message: String) throws {
        let values: [String: Any] = ["string": "text", "array": [1, 2], "number": 7, "data": Data(), "date": Date()]
        let value = try #require(values[kind])
        let error = try #require(throws: BaseModelError.self) { try Note.instance(with: value) }
        #expect(error.description == message)
    }

    @Test("a value that cannot become the property's type is the decoder's error with its path")
    func wrongType() throws {
        let error = try #require(throws: DecodingError.self) { try Note.instance(with: ["tags": "not a list"]) }
        guard case let .typeMismatch(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["tags"])
        #expect(throws: DecodingError.self) { try Note.instance(with: ["small": 300]) }
    }

    @Test("a hook's own error reaches the caller")
    func hookError() throws {
        final class Picky: BaseModel, StringSettable {
            struct Refused: Error {}
            var text = ""
            init() {}
            func setWithString(_ string: String) throws {
                guard !string.isEmpty else { throw Refused() }
                text = string
            }
        }
        #expect(throws: Picky.Refused.self) { try Picky.instance(with: "") }
        #expect(Picky.instances(with: ["", "ok"]).map(\.text) == ["ok"])
    }
}
