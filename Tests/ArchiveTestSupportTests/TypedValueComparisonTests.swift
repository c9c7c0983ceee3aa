import ArchiveTestSupport
import Foundation
import Testing

/// The comparison every kit's vector tests rely on must itself be able to fail.
@Suite("TypedValue comparison")
struct TypedValueComparisonTests {
    private let person: TypedValue = .object(
        className: "Person",
        properties: [
            .init("name", .string("Ada", mutable: false)),
            .init("age", .int(36)),
            .init("tags", .array([.string("math", mutable: false)], mutable: true)),
        ])

    @Test("a tree matches itself")
    func identical() {
        #expect(person.mismatches(against: person).isEmpty)
    }

    @Test("a changed leaf, a wrong kind and a wrong class are each reported with their pointer")
    func differences() {
        let olderAda: TypedValue = .object(
            className: "Person",
            properties: [
                .init("name", .string("Ada", mutable: false)),
                .init("age", .int(37)),
                .init("tags", .array([.string("math", mutable: false)], mutable: false)),
            ])
        let problems = olderAda.mismatches(against: person)
        #expect(problems.count == 2)
        #expect(problems.contains { $0.hasPrefix("at '/properties/age'") })
        #expect(problems.contains { $0.hasPrefix("at '/properties/tags'") })
        #expect(olderAda.mismatches(against: person, options: .init(ignoresMutability: true)).count == 1)

        let robot: TypedValue = .object(className: "Robot", properties: [])
        #expect(robot.mismatches(against: person).first?.contains("class Person") == true)
    }

    @Test("dictionary entries and set items match in any order, arrays do not")
    func ordering() {
        let a: TypedValue = .dictionary(
            [.init(.string("x", mutable: false), .int(1)), .init(.string("y", mutable: false), .int(2))], mutable: false
        )
        let b: TypedValue = .dictionary(
            [.init(.string("y", mutable: false), .int(2)), .init(.string("x", mutable: false), .int(1))], mutable: false
        )
        #expect(a.mismatches(against: b).isEmpty)
        #expect(
            TypedValue.set([.int(1), .int(2)], mutable: false).mismatches(
                against: .set([.int(2), .int(1)], mutable: false)
            ).isEmpty)
        #expect(
            !TypedValue.array([.int(1), .int(2)], mutable: false).mismatches(
                against: .array([.int(2), .int(1)], mutable: false)
            ).isEmpty)
    }

    @Test("identity counts: two equal copies do not match one shared instance, and vice versa")
    func identity() {
        let shared: TypedValue = .array([person, .sameAs("/items/0")], mutable: false)
        let copies: TypedValue = .array([person, person], mutable: false)
        #expect(shared.mismatches(against: shared).isEmpty)
        #expect(!copies.mismatches(against: shared).isEmpty)
        #expect(!shared.mismatches(against: copies).isEmpty)
    }

    @Test("numbers: 'number' matches any numeric kind by value; other kinds must agree exactly")
    func numbers() {
        #expect(TypedValue.int(3).mismatches(against: .number(3)).isEmpty)
        #expect(TypedValue.double(1.5).mismatches(against: .number(1.5)).isEmpty)
        #expect(!TypedValue.float(1.5).mismatches(against: .double(1.5)).isEmpty)
        #expect(!TypedValue.double(0).mismatches(against: .double(-0.0)).isEmpty)
        #expect(TypedValue.double(.nan).mismatches(against: .double(.nan)).isEmpty)
        #expect(!TypedValue.int(1).mismatches(against: .bool(true)).isEmpty)
        #expect(TypedValue.int(1).mismatches(against: .bool(true), options: .init(acceptsIntegerForBool: true)).isEmpty)
    }

    @Test("missing properties count only when the expectation is not nil, or when asked to")
    func missingProperties() {
        let expected: TypedValue = .object(className: "P", properties: [.init("nickname", .absent)])
        let actual: TypedValue = .object(className: "P", properties: [])
        #expect(!actual.mismatches(against: expected).isEmpty)
        #expect(actual.mismatches(against: expected, options: .init(allowsMissingAbsentProperties: true)).isEmpty)
    }

    @Test("instance markers become sameAs pointers to the first appearance, cycles included")
    func sharedInstances() {
        let child: TypedValue = .instance(
            id: 2, .object(className: "Node", properties: [.init("parent", .instanceReference(id: 1))]))
        let root: TypedValue = .instance(
            id: 1,
            .object(
                className: "Node",
                properties: [
                    .init("children", .instance(id: 3, .array([child, .instanceReference(id: 2)], mutable: true)))
                ]))
        let resolved = root.resolvingSharedInstances()
        guard case let .object(_, properties) = resolved, case let .array(items, _) = properties[0].value else {
            Issue.record("unexpected shape \(resolved)")
            return
        }
        #expect(items[1] == .sameAs("/properties/children/items/0"))
        guard case let .object(_, childProperties) = items[0] else {
            Issue.record("unexpected child \(items[0])")
            return
        }
        #expect(childProperties[0].value == .sameAs(""))
        #expect(JSONPointer.resolve("/properties/children/items/0", in: resolved) == items[0])
    }
}
