// fuzz-target: fastcoding
// fuzz-modules: FastCodingKit
// fuzz-sources: FuzzModel.swift
// fuzz-seeds: ../shared/vectors/fastcoding/*.fast
// fuzz-link:

import FastCodingKit
import Foundation

// Fuzz target `fastcoding`: FastCodingKit's untyped reader (`FastCoder.object(with:)`) and its
// typed decoder (`.fastCoding` into the FuzzModel types) on arbitrary bytes. Either may throw;
// neither may crash, hang or allocate without bound.

private let registered: Void = FuzzSamples.registerClasses()

func fuzz(_ data: Data) {
    registered
    _ = try? FastCoder.object(with: data)
    _ = try? FastCodingFormat.fastCoding.decode(FuzzDocument.self, from: data)
    _ = try? FastCodingFormat.fastCoding.decode([FuzzRecord].self, from: data)
}

func seedInputs() throws -> [String: Data] {
    registered
    let document = FuzzSamples.document
    return [
        "document.fast": try FastCodingFormat.fastCoding.encode(document),
        "records.fast": try FastCodingFormat.fastCoding.encode(document.records),
    ]
}
