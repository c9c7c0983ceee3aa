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
        .binaryPropertyList: [CodablePattern.wideIntegersDescription: ["Int128"]].merging(
            foundationMergesEquivalentStrings
                ? [CodablePattern.normalization.description: ["differ only in Unicode normalization", "strings[1]"]]
                : [:]
        ) { first, _ in first },
    ]

    /// Whether Foundation's binary property-list writer stores strings that are `==` once
    /// (Swift's `==` is canonical equivalence): then two such strings spelled differently
    /// cannot both be kept, and BaseModel refuses them instead of changing one.
    static let foundationMergesEquivalentStrings: Bool = {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let spellings = ["\u{e9}", "e\u{301}"]
        let decoded = try? PropertyListDecoder().decode([String].self, from: encoder.encode(spellings))
        return decoded?.map { Array($0.utf8) } != spellings.map { Array($0.utf8) }
    }()

    @Test("each pattern round-trips, or is refused for what the format cannot hold", arguments: cases)
    func pattern(_ pattern: CodablePattern, _ plain: Plain) {
        let outcome = pattern.run(plain.format, plain.capabilities)
        #expect(outcome.problem(refusalSaying: Self.refusals[plain]?[pattern.description]) == nil)
    }
}
