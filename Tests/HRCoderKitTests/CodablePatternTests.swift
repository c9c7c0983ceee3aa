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
    static let refusals: [HROutputFormat: [String: [String]]] = HROutputFormat.allCases.reduce(into: [:]) {
        refusals, format in
        // The document tree's integers are signed 64-bit, as the original's.
        refusals[format] = [
            CodablePattern.largeUnsigned.description: ["does not fit Int64", "(UInt64)", "Path: values[0]"],
            CodablePattern.wideIntegersDescription: ["does not fit Int64", "(Int128)", "Path: values[0].signed[0]"],
        ]
        // JSON has no spelling for NaN and the infinities.
        if format == .json {
            refusals[format]?[CodablePattern.floatingPointSpecials.description] = [
                "JSON has no spelling for nan", "'values[0]'",
            ]
        }
    }

    /// Patterns a format does not yet keep, for a reason in its property-list writer rather
    /// than in the coder, with that reason.
    static let knownForNow: [HROutputFormat: [String: String]] = [
        .binary: [
            CodablePattern.normalization.description:
                "the binary plist writer stores strings that are == (equal up to Unicode normalization) once; "
                + "it must deduplicate them by their bytes"
        ]
    ]

    @Test("each pattern round-trips, or is refused for what the format cannot hold", arguments: cases)
    func pattern(_ pattern: CodablePattern, _ format: HROutputFormat) {
        let outcome = pattern.run(HRCodedFormat(format), Self.capabilities)
        if let reason = Self.knownForNow[format]?[pattern.description] {
            withKnownIssue(Comment(rawValue: reason)) { #expect(outcome == .roundTripped) }
            return
        }
        #expect(outcome.problem(refusalSaying: Self.refusals[format]?[pattern.description]) == nil)
    }
}
