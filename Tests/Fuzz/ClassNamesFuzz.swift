// fuzz-target: class-names
// fuzz-modules: CodingCore
// fuzz-sources:
// fuzz-seeds:
// fuzz-link:

import CodingCore
import Foundation

// Fuzz target `class-names`: CodingCore's ClassNameRegistry resolving class names read from
// untrusted archives — every decoder that records class names passes them through here,
// including the run-time lookup (`_typeByName`) of module-qualified names.

/// A registered base class and subclass, so the registry's subclass rule is exercised.
class FuzzAnimal: Codable {}
final class FuzzDog: FuzzAnimal {}

private let registry: ClassNameRegistry = {
    let registry = ClassNameRegistry()
    registry.register(FuzzAnimal.self, as: "Animal")
    registry.register(FuzzDog.self, as: "Dog", legacyNames: ["OldDog"])
    return registry
}()

func fuzz(_ data: Data) {
    let name = String(decoding: data, as: UTF8.self)
    _ = try? registry.resolveClass(named: name, as: FuzzAnimal.self)
    _ = try? registry.resolveClass(named: name, as: FuzzDog.self)
    _ = try? registry.registeredClass(named: name)
    _ = try? ClassNameRegistry.shared.resolveClass(named: name, as: NSObject.self)
}

/// The seeds of this target are the committed names in Tests/Fuzz/Seeds/class-names.
func seedInputs() throws -> [String: Data] {
    [:]
}
