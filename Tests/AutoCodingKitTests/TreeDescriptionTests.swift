import AutoCodingKit
import Foundation
import Testing

@Suite("Keyed-archive graphs print their values")
struct TreeDescriptionTests {
    let graph = KeyedObjectGraph(
        root: .object(KeyedObjectID(1)),
        objects: [
            .mutableString("unused"),
            .array([.object(KeyedObjectID(2)), .object(KeyedObjectID(2)), .integer(5)], mutable: false),
            .instance(
                className: "Person", classes: ["Person", "NSObject"],
                properties: [
                    KeyedArchiveProperty("name", .string("Ann")), KeyedArchiveProperty("me", .object(KeyedObjectID(2))),
                    KeyedArchiveProperty("photo", .data(Data([0xFF]))), KeyedArchiveProperty("next", .nilReference),
                ]),
        ])

    @Test("a graph prints from its root, shared objects labelled with their identifiers")
    func graphFromRoot() {
        #expect(
            graph.description == #"[#2 Person(name: "Ann", me: #2, photo: <1 byte: ff>, next: nil), #2, 5]"#)
    }

    @Test("values and objects on their own print their contents, objects they refer to by identifier")
    func valuesAndObjects() {
        #expect(graph.objects[2].description == #"Person(name: "Ann", me: #2, photo: <1 byte: ff>, next: nil)"#)
        #expect(KeyedArchiveValue.object(KeyedObjectID(2)).description == "#2")
        #expect(KeyedArchiveValue.dictionary([KeyedArchiveProperty("a", .bool(false))]).description == #"["a": false]"#)
    }

    @Test("a graph read from an archive prints the archived values")
    func fromArchive() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: ["milk": 2, "eggs": 12])
        let text = "\(try KeyedUnarchiver.objectGraph(from: data))"
        #expect(text.contains(#""milk": 2"#) && text.contains(#""eggs": 12"#), "\(text)")
        #expect(!text.contains("KeyedArchiveValue"), "\(text)")
    }
}
