import ArchiveInspection
import Foundation
import Testing

/// The comparison behind convert's read-back check, on trees built by hand.
@Suite("archive-tool convert: comparing what is written with what reads back")
struct TreeComparisonTests {
    private func object(_ name: String, _ properties: [(String, InspectedValue)]) -> InspectedValue {
        .node(InspectedNode(.object(className: name, properties: properties.map { (name: $0.0, value: $0.1) })))
    }

    private func array(_ items: [InspectedValue], mutable: Bool = false) -> InspectedValue {
        .node(InspectedNode(.array(items, mutable: mutable)))
    }

    private func difference(
        _ written: InspectedValue, _ read: InspectedValue, keepsMutability: Bool = true
    ) -> String? {
        var comparison = InspectedTreeComparison(keepsMutability: keepsMutability)
        return comparison.difference(written: written, read: read)
    }

    @Test("equal trees match; widths, float → double, property order and absent properties do not count")
    func equalTrees() {
        let written = object("Person", [("name", .string("Ada")), ("age", .integer(36, width: 1)), ("nick", .absent)])
        let read = object("Person", [("age", .integer(36, width: 8)), ("name", .string("Ada"))])
        #expect(difference(written, read) == nil)
        #expect(difference(.float(1.5), .double(1.5)) == nil)
        #expect(difference(.double(.nan), .double(.nan)) == nil)
    }

    @Test("a changed value is named with its place, what was written and what reads back")
    func changedValue() {
        let written = array([.integer(1, width: nil), object("Note", [("done", .bool(false))])])
        let read = array([.integer(1, width: nil), object("Note", [("done", .integer(0, width: nil))])])
        #expect(
            difference(written, read)
                == "at the root[1].done: the boolean false is written, but reads back as the integer 0")
        #expect(difference(.double(-0.0), .double(0.0)) != nil)
        #expect(difference(object("A", []), object("B", [])) != nil)
        #expect(difference(array([.string("x")]), array([])) != nil)
    }

    @Test("sharing must survive: a shared node read back as two copies, or two read back as one, differs")
    func sharing() {
        let shared = array([.string("s")])
        let written = array([shared, shared])
        #expect(difference(written, array([shared, shared])) == nil)
        let copies = array([array([.string("s")]), array([.string("s")])])
        #expect(
            difference(written, copies)
                == "at the root[1]: the value shared with the root[0] reads back as a separate copy")
        #expect(difference(copies, written)?.contains("read back as one shared value") == true)
    }

    @Test("mutability counts only for targets that record it")
    func mutability() {
        let written = array([.node(InspectedNode(.mutableString("m")))], mutable: true)
        let read = array([.string("m")], mutable: false)
        #expect(difference(written, read, keepsMutability: false) == nil)
        #expect(difference(written, read, keepsMutability: true) != nil)
    }

    @Test("cycles end: a node containing itself compares once")
    func cycles() {
        let loop = InspectedNode(.array([], mutable: true))
        loop.content = .array([.string("self"), .node(loop)], mutable: true)
        let other = InspectedNode(.array([], mutable: true))
        other.content = .array([.string("self"), .node(other)], mutable: true)
        #expect(difference(.node(loop), .node(other)) == nil)
        let changed = InspectedNode(.array([], mutable: true))
        changed.content = .array([.string("other"), .node(changed)], mutable: true)
        #expect(difference(.node(loop), .node(changed))?.hasPrefix("at the root[0]:") == true)
    }
}
