// fuzz-target: hr-json
// fuzz-modules: HRCoderKit
// fuzz-sources: FuzzModel.swift
// fuzz-seeds: ../shared/vectors/hrcoder/*.json
// fuzz-link:

import Foundation
import HRCoderKit

// Fuzz target `hr-json`: HRCoderKit's JSON reader, untyped (`HRCoder().parse`) and typed
// (`HRCoder.unarchive` into the FuzzModel types).

private let registered: Void = FuzzSamples.registerClasses()

func fuzz(_ data: Data) {
    registered
    _ = try? HRCoder().parse(data)
    _ = try? HRCoder.unarchive(FuzzDocument.self, from: data)
    _ = try? HRCodedFormat.hrCodedJSON.decode([FuzzRecord].self, from: data)
}

func seedInputs() throws -> [String: Data] {
    registered
    let document = FuzzSamples.document
    return [
        "document.json": try HRCodedFormat.hrCodedJSON.encode(document),
        "records.json": try HRCodedFormat.hrCodedJSON.encode(document.records),
    ]
}
