// fuzz-target: hr-plist
// fuzz-modules: HRCoderKit
// fuzz-sources: FuzzModel.swift
// fuzz-seeds: ../shared/vectors/hrcoder/*.plist
// fuzz-link:

import Foundation
import HRCoderKit

// Fuzz target `hr-plist`: HRCoderKit's XML and binary property-list readers, untyped
// (`HRCoder().parse`) and typed (`HRCoder.unarchive` into the FuzzModel types).

private let registered: Void = FuzzSamples.registerClasses()

func fuzz(_ data: Data) {
    registered
    _ = try? HRCoder().parse(data)
    _ = try? HRCoder.unarchive(FuzzDocument.self, from: data)
    _ = try? HRCodedFormat.hrCodedBinary.decode([FuzzRecord].self, from: data)
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
