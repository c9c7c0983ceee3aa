// fuzz-target: hr-plist
// fuzz-modules: HRCoderKit
// fuzz-sources: FuzzModel.swift FuzzEvolvedModel.swift HRFuzzInput.swift
// fuzz-seeds: ../shared/vectors/hrcoder/*.plist
// fuzz-link:

import Foundation
import HRCoderKit

// Fuzz target `hr-plist`: HRCoderKit's XML and binary property-list readers, untyped
// (`HRCoder().parse`) and typed (`HRCoder.unarchive` into the FuzzModel types).
// What they return is compared, written back, read again and released (HRFuzzInput): none may crash.

private let registered: Void = FuzzSamples.registerClasses()

func fuzz(_ data: Data) {
    registered
    HRFuzzInput.run(data, writingBackAs: .hrCodedBinary)
}

func seedInputs() throws -> [String: Data] {
    registered
    let document = FuzzSamples.document
    return [
        "document.xml.plist": try HRCodedFormat.hrCodedXML.encode(document),
        "document.binary.plist": try HRCodedFormat.hrCodedBinary.encode(document),
        "records.binary.plist": try HRCodedFormat.hrCodedBinary.encode(document.records),
    ]
}
