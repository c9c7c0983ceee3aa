import CodingCore
import Foundation
import Testing

private final class Parent {}
private final class Other {}

private final class Replaceable: AwakeAfterDecoding {
    let value: Int
    init(value: Int) { self.value = value }
    func awakeAfterDecoding() throws -> AnyObject { Replaceable(value: value * 10) }
}

@Suite("PendingReferences: the fix-up order every reference-keeping decoder follows")
struct PendingReferencesTests {
    @Test("a waiting back-pointer receives the object when it finishes")
    func fillsWaitingBackPointer() throws {
        var pending = PendingReferences<Int>()
        let parent = Parent()
        var received: Parent?
        pending.add(waitingFor: 3, codingPath: []) { (object: Parent?) in received = object }
        #expect(!pending.isEmpty)
        #expect(try pending.finish(3, object: parent) === parent)
        #expect(received === parent)
        #expect(pending.isEmpty)
        try pending.checkAllResolved()
    }

    @Test("a back-pointer of the wrong type is a typeMismatch naming its coding path")
    func wrongTypeIsTypeMismatch() throws {
        var pending = PendingReferences<Int>()
        pending.add(waitingFor: 1, codingPath: [ArchiveCodingKeyForTests("parent")]) { (_: Parent?) in }
        #expect {
            _ = try pending.finish(1, object: Other())
        } throws: { error in
            guard case let DecodingError.typeMismatch(_, context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["parent"]
        }
    }

    @Test("the awake hook runs after the waiting back-pointers, which keep the original")
    func awakeRunsAfterFixUps() throws {
        var pending = PendingReferences<String>()
        let original = Replaceable(value: 2)
        var earlier: Replaceable?
        pending.add(waitingFor: "root", codingPath: []) { (object: Replaceable?) in earlier = object }
        let later = try pending.finish("root", object: original)
        #expect(earlier === original)
        #expect((later as? Replaceable)?.value == 20)
    }

    @Test("a back-pointer to an object that never finished is an error")
    func unresolvedIsAnError() {
        var pending = PendingReferences<Int>()
        pending.add(waitingFor: 7, codingPath: []) { (_: Parent?) in }
        #expect(throws: DecodingError.self) { try pending.checkAllResolved() }
    }

    @Test("a waiting path recorded relative to its object gets that object's path in front")
    func prependsPrefix() {
        var pending = PendingReferences<Int>()
        pending.add(waitingFor: 1, codingPath: [ArchiveCodingKeyForTests("parent")]) { (_: Parent?) in }
        pending.add(waitingFor: 2, codingPath: [ArchiveCodingKeyForTests("other")]) { (_: Parent?) in }
        pending.prependCodingPath([ArchiveCodingKeyForTests("items"), ArchiveCodingKeyForTests("0")], toWaitersFor: 1)
        #expect {
            _ = try pending.finish(2, object: Parent())
            try pending.checkAllResolved()
        } throws: { error in
            guard case let DecodingError.dataCorrupted(context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["items", "0", "parent"]
        }
    }

    @Test("outside reference-keeping decoders, @Reference decodes its object in place")
    func referenceWithPlainDecoder() throws {
        final class Leaf: Codable { var name = "leaf" }
        final class Holder: Codable { @Reference var leaf: Leaf? }
        let holder = Holder()
        let leaf = Leaf()
        holder.leaf = leaf
        let data = try JSONEncoder().encode(holder)
        #expect(String(decoding: data, as: UTF8.self) == #"{"leaf":{"name":"leaf"}}"#)
        let empty = try JSONDecoder().decode(Holder.self, from: Data("{}".utf8))
        #expect(empty.leaf == nil)
    }
}

private struct ArchiveCodingKeyForTests: CodingKey {
    let stringValue: String
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
