import Testing

@testable import CodingCore

private final class PrivateClass {}
private struct PrivateStruct {}

private enum Outer {
    struct Nested {}
    final class NestedClass {}
}

private struct Box<Element> {}

@Suite("Archive name of a type")
struct ArchiveTypeNameTests {
    @Test("private classes and structs lose the build-specific '(unknown context at $…)' part")
    func privateTypes() {
        let registry = ClassNameRegistry()
        #expect(ArchiveTypeName.name(of: PrivateClass.self, registry: registry) == "PrivateClass")
        #expect(ArchiveTypeName.name(of: PrivateStruct.self, registry: registry) == "PrivateStruct")
    }

    @Test("nested types keep their enclosing type")
    func nestedTypes() {
        let registry = ClassNameRegistry()
        #expect(ArchiveTypeName.name(of: Outer.Nested.self, registry: registry) == "Outer.Nested")
        #expect(ArchiveTypeName.name(of: Outer.NestedClass.self, registry: registry) == "Outer.NestedClass")
    }

    @Test("generic types keep their arguments, cleaned the same way")
    func genericTypes() {
        let registry = ClassNameRegistry()
        #expect(ArchiveTypeName.name(of: Box<Int>.self, registry: registry) == "Box<Swift.Int>")
        #expect(
            ArchiveTypeName.name(of: Box<PrivateStruct>.self, registry: registry)
                == "Box<CodingCoreTests.PrivateStruct>")
    }

    @Test("types declared inside a method are named after the enclosing type, without the function's context")
    func localTypes() {
        struct Local {}
        final class LocalClass {}
        let registry = ClassNameRegistry()
        #expect(ArchiveTypeName.name(of: Local.self, registry: registry) == "ArchiveTypeNameTests.Local")
        #expect(ArchiveTypeName.name(of: LocalClass.self, registry: registry) == "ArchiveTypeNameTests.LocalClass")
    }

    @Test("a registered class is recorded under its registered name")
    func registeredClass() {
        let registry = ClassNameRegistry()
        registry.register(PrivateClass.self, as: "LegacyThing")
        #expect(ArchiveTypeName.name(of: PrivateClass.self, registry: registry) == "LegacyThing")
    }

    @Test("a private class's recorded name resolves back to it")
    func privateClassResolves() throws {
        let registry = ClassNameRegistry()
        let name = ArchiveTypeName.name(of: PrivateClass.self, registry: registry)
        #expect(try registry.resolveClass(named: name, as: PrivateClass.self) == PrivateClass.self)
    }
}
