// fuzz-target: hr-json
// fuzz-modules: HRCoderKit
// fuzz-sources: FuzzModel.swift FuzzEvolvedModel.swift HRFuzzInput.swift
// fuzz-seeds: ../shared/vectors/hrcoder/*.json
// fuzz-link:

import Foundation
import HRCoderKit

// Fuzz target `hr-json`: HRCoderKit's JSON reader, untyped (`HRCoder().parse`) and typed
// (`HRCoder.unarchive` into the FuzzModel types).
// What they return is compared, written back, read again and released (HRFuzzInput): none may crash.

private let registered: Void = FuzzSamples.registerClasses()

func fuzz(_ data: Data) {
    registered
    HRFuzzInput.run(data, writingBackAs: .hrCodedJSON)
}

func seedInputs() throws -> [String: Data] {
    registered
    let document = FuzzSamples.document
    return [
        "document.json": try HRCodedFormat.hrCodedJSON.encode(document),
        "records.json": try HRCodedFormat.hrCodedJSON.encode(document.records),
    ]
}
