import BaseModelKit
import Foundation
import Testing

@Suite("Representations, debugDescription and identifiers")
struct RepresentationTests {
    @Test("dictionaryRepresentation has every non-nil stored property, values as they are")
    func dictionaryRepresentation() {
        let note = Note()
        note.title = "x"
        note.created = Date(timeIntervalSince1970: 3)
        let dictionary = note.dictionaryRepresentation
        #expect(Set(dictionary.keys) == ["title", "count", "small", "unsigned", "ratio", "done", "created", "tags"])
        #expect(dictionary["created"] as? Date == Date(timeIntervalSince1970: 3))
        #expect(dictionary["small"] as? Int8 == 0)
    }

    @Test("a subclass's dictionaryRepresentation includes the superclass's properties")
    func subclassDictionary() {
        let dog = Dog()
        #expect(Set(dog.dictionaryRepresentation.keys) == ["breed", "name", "legs"])
    }

    @Test("debugDescription has the original's shape")
    func debugDescriptionShape() throws {
        let item = TodoItem(label: "Write an open source library")
        let text = item.debugDescription
        let pattern = #/^<TodoItem: 0x[0-9a-f]+; label = "Write an open s…"; checked = 0>$/#
        #expect(text.wholeMatch(of: pattern) != nil, "\(text)")
        #expect(TodoItem(label: "sixteen chars ok").debugDescription.contains("label = \"sixteen chars ok\""))
        let shelf = Shelf()
        #expect(shelf.debugDescription.contains("main = <TodoItem: 0x"))
        #expect(shelf.debugDescription.contains("byName = <Dictionary<String, TodoItem>>"))
        #expect(!shelf.debugDescription.contains("spare"))
    }

    @Test("newUniqueIdentifier is a new uppercase UUID string each call")
    func uniqueIdentifiers() throws {
        let identifiers = (0..<100).map { _ in Note.newUniqueIdentifier() }
        #expect(Set(identifiers).count == 100)
        for identifier in identifiers {
            #expect(identifier.count == 36)
            #expect(identifier == identifier.uppercased())
            #expect(UUID(uuidString: identifier) != nil)
        }
    }

    @Test("propertyListRepresentation writes XML or binary that Foundation reads back")
    func propertyListRepresentation() throws {
        let item = TodoItem(label: "milk")
        let xml = try item.propertyListRepresentation(format: .xml)
        #expect(String(decoding: xml, as: UTF8.self).contains("<string>milk</string>"))
        let binary = try item.propertyListRepresentation()
        let tree = try PropertyListSerialization.propertyList(from: binary, format: nil) as? [String: Any]
        #expect(tree?["label"] as? String == "milk")
        #expect(tree?["checked"] as? Bool == false)
    }
}
