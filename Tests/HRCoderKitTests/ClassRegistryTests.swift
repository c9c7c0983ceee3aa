import Foundation
import HRCoderKit
import Testing

@Suite("$class names go through ClassNameRegistry")
struct ClassRegistryTests {
    final class Gadget: Codable {
        var label = "g"
        init() {}
    }

    final class Widget: Codable {
        var label = "w"
    }

    @Test("a registered class is written under its archive name and read under legacy names too")
    func registeredNames() throws {
        let registry = ClassNameRegistry()
        registry.register(Gadget.self, as: "TodoGadget", legacyNames: ["OldGadget"])
        let coder = HRCoder(registry: registry)
        let tree = try coder.encodeTree(Gadget())
        #expect(tree.className == "TodoGadget")
        #expect(try coder.decode(Gadget.self, fromTree: tree).label == "g")
        let legacy = HRValue.dictionary(["$class": .string("OldGadget"), "label": .string("old")])
        #expect(try coder.decode(Gadget.self, fromTree: legacy).label == "old")
    }

    @Test("an unknown class name is refused, naming the class and the key path")
    func unknownClass() throws {
        let tree = HRValue.array([.dictionary(["$class": .string("NoSuchThing"), "label": .string("x")])])
        let error = try #require(throws: DecodingError.self) {
            try HRCoder(registry: ClassNameRegistry()).decode([Gadget].self, fromTree: tree)
        }
        #expect("\(error)".contains("NoSuchThing"))
        #expect("\(error)".contains("$class at '[0]'"))
    }

    @Test("a class that is not the expected type or a subclass is refused (secure coding)")
    func disallowedClass() throws {
        let registry = ClassNameRegistry()
        registry.register(Widget.self, as: "Widget")
        let tree = HRValue.dictionary(["gadget": .dictionary(["$class": .string("Widget"), "label": .string("x")])])
        struct Holder: Decodable { var gadget: Gadget }
        let error = try #require(throws: DecodingError.self) {
            try HRCoder(registry: registry).decode(Holder.self, fromTree: tree)
        }
        #expect("\(error)".contains("'Widget'"))
        #expect("\(error)".contains("not"))
        #expect("\(error)".contains("$class at 'gadget'"))
    }

    @Test("structs accept any $class or none")
    func structsIgnoreClass() throws {
        struct Point: Codable, Equatable { var x: Int }
        let tagged = HRValue.dictionary(["$class": .string("Whatever"), "x": .integer(3)])
        #expect(try HRCoder.unarchive(Point.self, from: tagged) == Point(x: 3))
        #expect(try HRCoder.unarchive(Point.self, from: .dictionary(["x": .integer(4)])) == Point(x: 4))
    }
}
