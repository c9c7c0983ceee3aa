import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

/// A link of a chain of shared instances (the `.object` alias chain, typed).
private final class Link: Codable {
    var next: Link?
}

/// Nested lists of any depth read as value types: every alias to a list is read again.
private struct Nest: Decodable {
    var children: [Nest] = []
    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        while !list.isAtEnd {
            if try list.decodeNil() { continue }
            children.append(try list.decode(Nest.self))
        }
    }
}

/// What a program does with a decoded tree: describe it, write it back, read that again.
/// Returns the bytes written back (the tree is released when the function returns).
private func exercise(_ value: FastValue) throws -> Data {
    _ = String(describing: value)
    let written = try FastCoder.data(with: value)
    let again = try FastCoder.object(with: written)
    #expect(try FastCoder.data(with: again) == written)
    return written
}

@Suite("Hostile graphs: limits hold through aliases, writers stay linear")
struct HostileGraphTests {
    @Test(
        "a 30,000-link alias chain is refused as too deep, and what was read is freed without crashing",
        arguments: HostileShapes.FastLink.allCases)
    func aliasChainTooDeep(_ link: HostileShapes.FastLink) throws {
        let data = HostileShapes.fastCodingAliasChain(length: 30_000, link: link)
        #expect(data.count > 100_000)
        let error = try MainThreadStack.run { () -> FastCodingError? in
            do {
                _ = try FastCoder.object(with: data)
                return nil
            } catch {
                return error as? FastCodingError
            }
        }
        guard case let .nestingTooDeep(limit, _)? = error else {
            Issue.record("expected nestingTooDeep, got \(String(describing: error))")
            return
        }
        #expect(limit == 512)
    }

    @Test(
        "an alias chain within the limit reads, describes, writes back and is freed",
        arguments: HostileShapes.FastLink.allCases)
    func aliasChainWithinLimit(_ link: HostileShapes.FastLink) throws {
        let data = HostileShapes.fastCodingAliasChain(length: 400, link: link)
        let written = try MainThreadStack.run { try exercise(try FastCoder.object(with: data)) }
        #expect(written.count < 2 * data.count)
    }

    @Test("the depth limit counts aliases: a chain one level too deep fails, one within passes")
    func depthCountsThroughAliases() throws {
        // Root (level 1) → link k (level 2) → … link 0 → Nil: link k reaches level k + 3.
        let decoder = FastDecoder(maximumDepth: 100)
        #expect(throws: FastCodingError.self) {
            try decoder.decodeTree(from: HostileShapes.fastCodingAliasChain(length: 99, link: .array))
        }
        _ = try decoder.decodeTree(from: HostileShapes.fastCodingAliasChain(length: 98, link: .array))
    }

    @Test("typed decoding counts depth through shared instances and re-read values")
    func typedAliasChains() throws {
        let objects = HostileShapes.fastCodingAliasChain(length: 30_000, link: .object)
        let lists = HostileShapes.fastCodingAliasChain(length: 30_000, link: .array)
        try MainThreadStack.run {
            #expect(throws: FastCodingError.self) { try FastCoder.decode([Link].self, from: objects) }
            #expect(throws: FastCodingError.self) { try FastCoder.decode([Nest].self, from: lists) }
        }
        let chain = try FastCoder.decode(
            [Link].self, from: HostileShapes.fastCodingAliasChain(length: 300, link: .object))
        #expect(chain.count == 300)
        #expect(chain[299].next === chain[298])
    }

    @Test("shared instances that awake or decode in two phases count toward the depth limit too")
    func cycleAwareAliasChains() throws {
        let awaking = try FastCoder.encode(AwakeChainLink.chain(length: 600))
        let twoPhase = try FastCoder.encode(TwoPhaseChainLink.chain(length: 600))
        try MainThreadStack.run {
            let awakeError = #expect(throws: FastCodingError.self) {
                try FastCoder.decode([AwakeChainLink].self, from: awaking)
            }
            let twoPhaseError = #expect(throws: FastCodingError.self) {
                try FastCoder.decode([TwoPhaseChainLink].self, from: twoPhase)
            }
            for error in [awakeError, twoPhaseError] {
                guard case .nestingTooDeep(512, _)? = error else {
                    Issue.record("expected nestingTooDeep, got \(String(describing: error))")
                    continue
                }
            }
        }
        let awake = try FastCoder.decode(
            [AwakeChainLink].self, from: FastCoder.encode(AwakeChainLink.chain(length: 300)))
        #expect(awake[299].next === awake[298])
        let links = try FastCoder.decode(
            [TwoPhaseChainLink].self, from: FastCoder.encode(TwoPhaseChainLink.chain(length: 300)))
        #expect(links[299].next === links[298])
    }

    @Test("aliases re-read beyond the expansion budget throw instead of running for hours", arguments: [24, 60])
    func doublingAliasesTyped(levels: Int) throws {
        let data = HostileShapes.fastCodingDoublingArrays(levels: levels)
        #expect(data.count < 1_000)
        let error = try #require(throws: FastCodingError.self) { try FastCoder.decode([Nest].self, from: data) }
        guard case .expansionTooLarge = error else {
            Issue.record("expected expansionTooLarge, got \(error)")
            return
        }
        #expect(error.description.contains("maximumExpansion"))
    }

    @Test("a raised expansion budget lets a trusted doubling file decode")
    func raisedExpansionBudget() throws {
        let data = HostileShapes.fastCodingDoublingArrays(levels: 12)
        var decoder = FastDecoder()
        decoder.maximumExpansion = 10_000
        let nests = try decoder.decode([Nest].self, from: data)
        var count = 0
        var pending = [nests[12]]
        while let next = pending.popLast() {
            count += 1
            pending += next.children
        }
        #expect(count == (1 << 13) - 1)
    }

    @Test("untyped, a 60-level doubling DAG stays a DAG: read, described, written back")
    func doublingAliasesUntyped() throws {
        let data = HostileShapes.fastCodingDoublingArrays(levels: 60)
        let written = try exercise(try FastCoder.object(with: data))
        #expect(written == data)
    }

    @Test("a chain of 10,000 URL bases is refused when read and when written, quickly")
    func urlChains() throws {
        let data = HostileShapes.fastCodingURLChain(count: 10_000)
        try MainThreadStack.run {
            #expect(throws: FastCodingError.self) { try FastCoder.object(with: data) }
            #expect(throws: FastCodingError.self) { _ = try FastCoder.decode([URL].self, from: data).count }
            var url = FastValue.url(relative: "http://example.com/", base: nil)
            for _ in 0..<10_000 { url = .url(relative: "a/", base: url) }
            let tree = FastValue.reference(FastReference(.array([url], mutable: false)))
            #expect(throws: EncodingError.self) { try FastCoder.data(with: tree) }
        }
    }

    @Test("many URLs sharing one chain of bases are written once each")
    func urlChainWithinLimit() throws {
        let data = HostileShapes.fastCodingURLChain(count: 400)
        let tree = try FastCoder.object(with: data)
        let written = try exercise(tree)
        #expect(written == data)
        let urls = try FastCoder.decode([URL].self, from: data)
        #expect(urls[3].absoluteString == "http://example.com/a/a/a/")
    }
}
