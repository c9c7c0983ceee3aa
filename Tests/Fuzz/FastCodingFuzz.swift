// fuzz-target: fastcoding
// fuzz-modules: FastCodingKit
// fuzz-sources: FuzzModel.swift FuzzEvolvedModel.swift FuzzLateReader.swift
// fuzz-seeds: ../shared/vectors/fastcoding/*.fast
// fuzz-link:

import FastCodingKit
import Foundation

// Fuzz target `fastcoding`: FastCodingKit's untyped reader (`FastCoder.object(with:)`) and its
// typed decoder (`.fastCoding` into the FuzzModel types, and into their evolved versions, also
// over a base value, and into a model that reads its containers after the decode returned) on
// arbitrary bytes. Either may throw; neither may crash, hang or allocate without bound; what
// they return is walked, written back, read again and released, which must not crash either.

private let registered: Void = FuzzSamples.registerClasses()

func fuzz(_ data: Data) {
    registered
    if let tree = try? FastCoder.object(with: data) {
        FuzzUse.roundTrip(tree, walk: walkTree, encode: FastCoder.data(with:), decode: FastCoder.object(with:))
    }
    if let document = try? FastCodingFormat.fastCoding.decode(FuzzDocument.self, from: data) {
        FuzzUse.roundTrip(
            document, walk: { FuzzUse.walk($0.root) }, encode: FastCodingFormat.fastCoding.encode,
            decode: { try FastCodingFormat.fastCoding.decode(FuzzDocument.self, from: $0) })
    }
    if let records = try? FastCodingFormat.fastCoding.decode([FuzzRecord].self, from: data) {
        FuzzUse.roundTrip(
            records, walk: { _ = $0.count }, encode: FastCodingFormat.fastCoding.encode,
            decode: { try FastCodingFormat.fastCoding.decode([FuzzRecord].self, from: $0) })
    }
    fuzzEvolved(data)
    if let late = try? FastCodingFormat.fastCoding.decode(FuzzLateReader.self, from: data) { late.readLater() }
    for late in (try? FastCodingFormat.fastCoding.decode([FuzzLateReader].self, from: data))?.prefix(4) ?? [] {
        late.readLater()
    }
}

/// Decodes `data` into the evolved model, its class names read through its own registry.
private func fuzzEvolved(_ data: Data) {
    let format = FastCodingFormat(
        encoder: FastEncoder(registry: FuzzEvolvedDocument.registry),
        decoder: FastDecoder(registry: FuzzEvolvedDocument.registry))
    FuzzUse.decodeEvolved(data, with: format)
}

/// Walks a tree depth first in wire order, each shared node once, as a program would.
private func walkTree(_ value: FastValue) {
    var visited: Set<ObjectIdentifier> = []
    walkTree(value, depth: 1, visited: &visited)
}

private func walkTree(_ value: FastValue, depth: Int, visited: inout Set<ObjectIdentifier>) {
    precondition(depth <= FuzzUse.depthLimit + 8, "decoded tree nests \(depth) levels deep")
    switch value {
    case let .url(relative, base):
        _ = relative.utf8.count
        if let base { walkTree(base, depth: depth + 1, visited: &visited) }
    case let .reference(node):
        guard visited.insert(ObjectIdentifier(node)).inserted else { return }
        let children: [FastValue]
        switch node.content {
        case let .array(values, _), let .set(values, _), let .orderedSet(values, _): children = values
        case let .dictionary(entries, _), let .codedObject(_, entries):
            children = entries.flatMap { [$0.value, $0.key] }
        case let .object(_, properties): children = properties.map(\.value)
        case let .keyedArchive(archive): children = [.reference(archive)]
        case .mutableString, .data, .date, .indexSet: children = []
        }
        for child in children { walkTree(child, depth: depth + 1, visited: &visited) }
    default:
        break
    }
}

func seedInputs() throws -> [String: Data] {
    registered
    let document = FuzzSamples.document
    return [
        "document.fast": try FastCodingFormat.fastCoding.encode(document),
        "records.fast": try FastCodingFormat.fastCoding.encode(document.records),
    ]
}
