import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

/// Every container pattern and standard value a `Codable` type may use, through BaseModel's
/// plain formats: each round-trips exactly, or is refused at encode for something the format
/// cannot hold.
@Suite("Container patterns through BaseModel's plain formats")
struct CodablePatternTests {
    enum Plain: String, CaseIterable, Sendable {
        case json, xmlPropertyList, binaryPropertyList

        var format: any ArchiveFormat {
            switch self {
            case .json: JSONArchiveFormat.json
            case .xmlPropertyList: PropertyListArchiveFormat.propertyList(.xml)
            case .binaryPropertyList: PropertyListArchiveFormat.propertyList(.binary)
            }
        }

        /// Plain formats keep values only; property lists keep a URL's base (its own keyed
        /// coding), JSON writes its absolute string.
        var capabilities: CodablePattern.Capabilities {
            CodablePattern.Capabilities(keepsIdentity: false, keepsURLBases: self != .json)
        }
    }

    static let cases = CodablePattern.all.flatMap { pattern in Plain.allCases.map { (pattern, $0) } }

    /// The patterns each format refuses, each something it cannot hold (listed in the
    /// "Limits" section of the manual), with what the refusal must say.
    static let refusals: [Plain: [String: [String]]] = [
        .json: [
            CodablePattern.floatingPointSpecials.description: ["Double", "values[0]"],
            CodablePattern.decimalNaN.description: ["Decimal.nan has no JSON form", "values[0]"],
        ],
        .xmlPropertyList: [CodablePattern.wideIntegersDescription: ["Int128"]],
        .binaryPropertyList: [CodablePattern.wideIntegersDescription: ["Int128"]],
    ]

    /// Patterns that fail today for a reason outside the format's rules, each with the reason.
    static let knownIssues: [Plain: [String: String]] = [
        .binaryPropertyList: [
            CodablePattern.normalization.description:
                "Foundation's binary property-list writer stores strings that differ only in Unicode "
                + "normalization once (it compares them with ==)"
        ]
    ]

    @Test("each pattern round-trips, or is refused for what the format cannot hold", arguments: cases)
    func pattern(_ pattern: CodablePattern, _ plain: Plain) {
        let outcome = pattern.run(plain.format, plain.capabilities)
        if let reason = Self.knownIssues[plain]?[pattern.description] {
            withKnownIssue(Comment(rawValue: reason)) { #expect(outcome == .roundTripped) }
            return
        }
        #expect(outcome.problem(refusalSaying: Self.refusals[plain]?[pattern.description]) == nil)
    }
}
