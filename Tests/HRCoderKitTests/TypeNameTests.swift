import Foundation
import HRCoderKit
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

@Suite("$class names follow CodingCore's one rule (ArchiveTypeName), as FastCoding's class names do")
struct TypeNameTests {
    private func recordedName(_ value: some Encodable) throws -> String? {
        try HRCoder.archivedPlist(withRootObject: value).className
    }

    @Test("private, nested and generic types are tagged without module or anonymous contexts")
    func names() throws {
        #expect(try recordedName(Secret()) == "Secret")
        #expect(try recordedName(Outer.Inner()) == "Outer.Inner")
        #expect(try recordedName(Box(content: 3)) == "Box<Swift.Int>")
        #expect(try HRCoder.unarchive(Secret.self, from: try HRCoder.archivedData(withRootObject: Secret())).value == 1)
    }
}
