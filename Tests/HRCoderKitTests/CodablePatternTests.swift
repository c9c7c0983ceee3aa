import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

/// Every container pattern and standard value a `Codable` type may use, through each of
/// HRCoder's three formats: each round-trips exactly, or is refused at encode for something the
/// format cannot hold.
@Suite("Container patterns through HRCoder")
struct CodablePatternTests {
    /// HRCoder keeps class identity (`$alias`) and a URL's base (`NS.base`).
    static let capabilities = CodablePattern.Capabilities(keepsIdentity: true, keepsURLBases: true)

    static let cases = CodablePattern.all.flatMap { pattern in HROutputFormat.allCases.map { (pattern, $0) } }

    /// The patterns each format refuses, each something the format cannot hold (listed in the
    /// "Limits, errors and speed" article), with what the refusal must say.
    static let refusals: [HROutputFormat: [String: [String]]] = [
        // JSON has no spelling for NaN and the infinities.
        .json: [CodablePattern.floatingPointSpecials.description: ["JSON has no spelling for nan", "'values[0]'"]],
        // A binary plist's integers are signed 128-bit: UInt128.max is beyond them.
        .binary: [
            CodablePattern.wideIntegersDescription: [
                "340282366920938463463374607431768211455 (UInt128) is above Int128.max", "'values[0].unsigned[0]'",
            ]
        ],
    ]

    @Test("each pattern round-trips, or is refused for what the format cannot hold", arguments: cases)
    func pattern(_ pattern: CodablePattern, _ format: HROutputFormat) {
        let outcome = pattern.run(HRCodedFormat(format), Self.capabilities)
        #expect(outcome.problem(refusalSaying: Self.refusals[format]?[pattern.description]) == nil)
    }
}
