// fuzz-target: keyed
// fuzz-modules: AutoCodingKit
// fuzz-sources: FuzzModel.swift FuzzEvolvedModel.swift
// fuzz-seeds: ../shared/vectors/keyed/*.plist
// fuzz-link:
import AutoCodingKit
import Foundation

// Fuzz target `keyed`: AutoCodingKit's property-list readers and keyed-archive layer, untyped
// (`KeyedUnarchiver.objectGraph`, then the graph writer on what was read) and typed (the
// FuzzModel types, and their evolved versions, also over a base value). Either may throw;
// neither may crash, hang or allocate without bound.

private let registered: Void = FuzzSamples.registerClasses()

func fuzz(_ data: Data) {
    registered
    if let graph = try? KeyedUnarchiver.objectGraph(from: data) {
        _ = try? KeyedArchiver.archivedData(with: graph, outputFormat: data.first == UInt8(ascii: "<") ? .xml : .binary)
    }
    _ = try? KeyedArchiveFormat.keyedArchive.decode(FuzzDocument.self, from: data)
    _ = try? KeyedArchiveFormat.keyedArchive.decode([FuzzRecord].self, from: data)
    fuzzEvolved(data)
}

/// Decodes `data` into the evolved model, its class names read through its own registry.
private func fuzzEvolved(_ data: Data) {
    let format = KeyedArchiveFormat(
        encoder: KeyedArchiveEncoder(registry: FuzzEvolvedDocument.registry),
        decoder: KeyedArchiveDecoder(registry: FuzzEvolvedDocument.registry))
    FuzzUse.decodeEvolved(data, with: format)
}

func seedInputs() throws -> [String: Data] {
    registered
    let document = FuzzSamples.document
    return [
        "document.plist": try KeyedArchiveFormat.keyedArchive.encode(document),
        "document.xml.plist": try KeyedArchiveFormat.keyedArchiveXML.encode(document),
        "records.plist": try KeyedArchiveFormat.keyedArchive.encode(document.records),
    ]
}
