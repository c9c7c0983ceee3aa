import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

// Model classes the registry resolves. Top-level so run-time lookup by module-qualified name finds them.
class Animal: Codable {
    required init() {}
}
final class Dog: Animal {}
class Cat: Animal {}
final class Plant: Codable {}
/// Never registered: only the run-time lookups can find it.
final class UnregisteredCat: Cat {}

@Suite("ClassNameRegistry")
struct ClassNameRegistryTests {
    @Test("an unregistered class is written under its plain Swift name")
    func defaultArchiveName() {
        let registry = ClassNameRegistry()
        #expect(registry.archiveName(for: Dog.self) == "Dog")
        #expect(ClassNameRegistry.qualifiedName(of: Dog.self) == "CodingCoreTests.Dog")
    }

    @Test("a class registered under a custom name is written and resolved by that name")
    func customName() throws {
        let registry = ClassNameRegistry()
        registry.register(Dog.self, as: "Hound")
        #expect(registry.archiveName(for: Dog.self) == "Hound")
        #expect(try registry.resolveClass(named: "Hound", as: Animal.self) == Dog.self)
        #expect(try registry.registeredClass(named: "Hound") == Dog.self)
    }

    @Test("legacy names of a renamed class resolve to it, but it is written under its new name")
    func legacyNames() throws {
        let registry = ClassNameRegistry()
        registry.register(Cat.self, legacyNames: ["Kitten", "OldApp.Feline"])
        #expect(registry.archiveName(for: Cat.self) == "Cat")
        #expect(try registry.resolveClass(named: "Kitten", as: Cat.self) == Cat.self)
        #expect(try registry.resolveClass(named: "OldApp.Feline", as: Animal.self) == Cat.self)
    }

    @Test("the expected type itself resolves by plain or module-qualified name without registration")
    func expectedTypeItself() throws {
        let registry = ClassNameRegistry()
        #expect(try registry.resolveClass(named: "Plant", as: Plant.self) == Plant.self)
        #expect(try registry.resolveClass(named: "CodingCoreTests.Plant", as: Plant.self) == Plant.self)
    }

    @Test("a registered subclass of the expected type resolves by its plain name")
    func registeredSubclass() throws {
        let registry = ClassNameRegistry()
        registry.register(Dog.self)
        let resolved = try registry.resolveClass(named: "Dog", as: Animal.self)
        #expect(resolved == Dog.self)
        #expect(resolved.init() is Dog, "the resolved metatype builds the subclass")
    }

    @Test("unregistered subclasses are found at run time, module-qualified or in the expected type's module")
    func runTimeLookup() throws {
        let registry = ClassNameRegistry()
        #expect(
            try registry.resolveClass(named: "CodingCoreTests.UnregisteredCat", as: Animal.self) == UnregisteredCat.self
        )
        #expect(try registry.resolveClass(named: "UnregisteredCat", as: Cat.self) == UnregisteredCat.self)
    }

    @Test("a class that is not the expected type or a subclass is refused, even when registered")
    func secureCodingRule() {
        let registry = ClassNameRegistry()
        registry.register(Plant.self)
        #expect(
            throws: ClassResolutionError.notASubclass(
                name: "Plant", found: "CodingCoreTests.Plant", expected: "CodingCoreTests.Animal")
        ) {
            try registry.resolveClass(named: "Plant", as: Animal.self)
        }
        #expect(
            throws: ClassResolutionError.notASubclass(
                name: "Animal", found: "CodingCoreTests.Animal", expected: "CodingCoreTests.Dog")
        ) {
            try registry.resolveClass(named: "Animal", as: Dog.self)
        }
        #expect(throws: ClassResolutionError.self) {
            try registry.resolveClass(named: "Swift.Int", as: Animal.self)
        }
    }

    @Test("an unknown name throws an error naming it and the expected type")
    func unknownName() {
        let registry = ClassNameRegistry()
        let error = #expect(throws: ClassResolutionError.self) {
            try registry.resolveClass(named: "NoSuchThing", as: Animal.self)
        }
        #expect(error == .unknownClass(name: "NoSuchThing", expected: "CodingCoreTests.Animal"))
        #expect(error?.description.contains("NoSuchThing") == true)
    }

    @Test("untyped decoding only builds registered classes, never run-time lookups")
    func untypedNeedsRegistration() {
        let registry = ClassNameRegistry()
        #expect(throws: ClassResolutionError.unregisteredClass(name: "CodingCoreTests.Dog")) {
            try registry.registeredClass(named: "CodingCoreTests.Dog")
        }
    }

    @Test("unregistering forgets the class and all its names")
    func unregister() {
        let registry = ClassNameRegistry()
        registry.register(Cat.self, as: "Tabby", legacyNames: ["Kitty"])
        registry.unregister(Cat.self)
        #expect(registry.archiveName(for: Cat.self) == "Cat")
        #expect(throws: ClassResolutionError.self) { try registry.registeredClass(named: "Kitty") }
    }

    @Test("registering and resolving from many tasks at once is safe and loses nothing")
    func concurrentUse() async throws {
        let registry = ClassNameRegistry()
        let types: [Animal.Type] = [Animal.self, Dog.self, Cat.self]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let type = types[index % types.count]
                    registry.register(type, as: "Name\(index)", legacyNames: ["Legacy\(index)"])
                    let resolved = try registry.resolveClass(named: "Name\(index)", as: Animal.self)
                    #expect(resolved == type)
                    _ = registry.archiveName(for: type)
                }
            }
            try await group.waitForAll()
        }
        for index in 0..<400 {
            #expect(try registry.registeredClass(named: "Legacy\(index)") == types[index % types.count])
        }
    }
}

@Suite("ClassNameRegistry with hostile names")
struct ClassNameRegistryHostileNameTests {
    /// Names an attacker can put in an archive: mangled names, control bytes, odd punctuation.
    static let hostileNames = [
        "", ".", "$\u{0}.", "\u{0}", "a..b", "Animal.", ".Animal", "$s15CodingCoreTests6AnimalC",
        "_TtC15CodingCoreTests6Animal", "CodingCoreTests.Animal\u{0}Dog", "Swift.Array<Swift.Int>",
        "CodingCoreTests.Animal.Type", "1Animal", "Ani mal", "Swift.Array", "Swift.Optional",
        String(repeating: "A", count: 10_000), String(repeating: "A.", count: 200) + "A",
    ]

    @Test(
        "a name that is not an identifier path never reaches the run-time lookup and is unknown",
        arguments: hostileNames)
    func hostileNameIsUnknownOrRefused(_ name: String) {
        let registry = ClassNameRegistry()
        #expect(throws: ClassResolutionError.self) {
            try registry.resolveClass(named: name, as: Animal.self)
        }
    }

    @Test("registered names are exact strings: any string may be registered and resolved")
    func registeredNamesAreOpaque() throws {
        let registry = ClassNameRegistry()
        registry.register(Dog.self, as: "$weird name\u{0}")
        #expect(try registry.resolveClass(named: "$weird name\u{0}", as: Animal.self) == Dog.self)
    }
}

@Suite("Fuzz reproducers: class names")
struct ClassNameFuzzReproducerTests {
    @Test(
        "every name that once crashed the class-names fuzz target is now just unknown",
        arguments: FuzzReproducers.files(forTarget: "class-names"))
    func reproducerIsRejected(_ file: URL) throws {
        let name = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let registry = ClassNameRegistry()
        #expect(throws: ClassResolutionError.self) { try registry.resolveClass(named: name, as: Animal.self) }
        #expect(throws: ClassResolutionError.self) { try registry.registeredClass(named: name) }
    }
}
