// fuzz-target: hr-json
// fuzz-modules: HRCoderKit
// fuzz-sources: FuzzModel.swift
// fuzz-seeds: ../shared/vectors/hrcoder/*.json
// fuzz-link:

import Foundation
import HRCoderKit

// Fuzz target `hr-json`: HRCoderKit's JSON reader, untyped (`HRCoder().parse`) and typed
// (`HRCoder.unarchive` into the FuzzModel types).
// What they return is compared, written back, read again and released: none may crash.

private let registered: Void = FuzzSamples.registerClasses()

func fuzz(_ data: Data) {
    registered
    if let tree = try? HRCoder().parse(data) {
        FuzzUse.roundTrip(
            tree, walk: walkTree, encode: { try HRCoder(outputFormat: .json).serialize($0.jsonCompatible) },
            decode: { try rereader.parse($0) })
        FuzzUse.roundTrip(
            tree, describe: false, walk: walkTree, encode: { try HRCoder(outputFormat: .binary).serialize($0) },
            decode: { try rereader.parse($0) })
        if let graph = try? HRCoder().objectGraph(fromTree: tree) { precondition(graph == graph) }
    }
    if let document = try? HRCoder.unarchive(FuzzDocument.self, from: data) {
        FuzzUse.roundTrip(
            document, walk: { FuzzUse.walk($0.root) }, encode: HRCodedFormat.hrCodedJSON.encode,
            decode: { try HRCoder.unarchive(FuzzDocument.self, from: $0) })
    }
    if let records = try? HRCodedFormat.hrCodedJSON.decode([FuzzRecord].self, from: data) {
        FuzzUse.roundTrip(
            records, walk: { _ = $0.count }, encode: HRCodedFormat.hrCodedJSON.encode,
            decode: { try HRCodedFormat.hrCodedJSON.decode([FuzzRecord].self, from: $0) })
    }
}

/// Reads written-back trees: one level more than the limit, as dates, data and null written
/// as tagged dictionaries nest one level deeper than the native values they stand for.
private let rereader = HRCoder(maximumDepth: HRCoder.defaultMaximumDepth + 1)

/// Compares, hashes and describes a document tree, as a program would.
private func walkTree(_ tree: HRValue) {
    precondition(tree == tree)
    _ = tree.hashValue
}

func seedInputs() throws -> [String: Data] {
    registered
    let document = FuzzSamples.document
    return [
        "document.json": try HRCodedFormat.hrCodedJSON.encode(document),
        "records.json": try HRCodedFormat.hrCodedJSON.encode(document.records),
    ]
}
