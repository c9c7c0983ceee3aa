import FastCodingKit
import Foundation
import Testing

private final class Secret: Codable {
    var value = 1
}

private struct Outer {
    struct Inner: Codable {
        var value = 2
    }
}

private struct Box<Content: Codable>: Codable {
    var content: Content
}

@Suite("Recorded type names follow CodingCore's one rule (ArchiveTypeName)")
struct TypeNameTests {
    /// The class name the archive of `value` records for its root object.
    private func recordedName(_ value: some Encodable) throws -> String? {
        guard case let .reference(node) = try FastCoder.object(with: try FastCoder.encode(value)),
            case let .object(className, _) = node.content
        else { return nil }
        return className
    }

    @Test("private, nested and generic types are recorded without module or anonymous contexts")
    func names() throws {
        #expect(try recordedName(Secret()) == "Secret")
        #expect(try recordedName(Outer.Inner()) == "Outer.Inner")
        #expect(try recordedName(Box(content: 3)) == "Box<Swift.Int>")
        #expect(try recordedName(Secret()) == ArchiveTypeNameProbe.name(of: Secret.self))
    }
}

/// What CodingCore's public surface says a type is recorded as (`plainName` for non-classes,
/// the registry's archive name for classes); the kit must agree with it.
private enum ArchiveTypeNameProbe {
    static func name(of type: AnyClass) -> String { ClassNameRegistry.shared.archiveName(for: type) }
}
