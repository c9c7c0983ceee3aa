import AutoCodingKit
import BaseModelKit
import CryptoCodingKit
import FastCodingKit
import Foundation
import HRCoderKit
import Testing

private struct Reading: Codable, Equatable {
    var sensor = "kitchen"
    var celsius = 21.5
}

/// Every kit's formats side by side: each archive is detected as the format that wrote it,
/// whatever order the candidates come in (encrypted → fastcoding → keyed → hr-* → plain).
@Suite("One detection order across the kits")
struct DetectionOrderTests {
    private static let password = "detection order"

    private static var formats: [any ArchiveFormat] {
        [
            .encrypted(.fastCoding, password: password, keyDerivation: .scrypt(log2N: 10, r: 8, p: 1)),
            .fastCoding,
            .keyedArchive,
            .hrCodedJSON,
            .hrCodedXML,
            .hrCodedBinary,
            .json,
            .propertyList(.xml),
            .propertyList(.binary),
        ]
    }

    @Test("each archive is recognised as the format that wrote it, candidates in any order", arguments: [false, true])
    func eachFormatDetectsItself(reversed: Bool) throws {
        let candidates = reversed ? Self.formats.reversed() : Self.formats
        for writer in Self.formats {
            let data = try writer.encode(Reading())
            let detected = try #require(ArchiveFormatDetection.format(of: data, among: candidates))
            // Plain JSON and HR JSON (and plain and HR plists) share their bytes' kind: HR reads
            // plain documents, so an HR format is the right answer for them too.
            let expected = writer.identifier
            let plainReadByHR = ["json": "hr-json", "plist-xml": "hr-xml", "plist-binary": "hr-binary"]
            #expect(
                detected.identifier == expected || detected.identifier == plainReadByHR[expected],
                "\(expected) archive detected as \(detected.identifier)"
            )
            #expect(try detected.decode(Reading.self, from: data) == Reading())
        }
    }
}
