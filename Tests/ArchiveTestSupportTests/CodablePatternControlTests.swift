import ArchiveTestSupport
import Foundation
import Testing

@Suite("Container patterns: Foundation's coders as the reference")
struct CodablePatternControlTests {
    static let cases = CodablePattern.all.flatMap { pattern in
        FoundationControlFormat.Coder.allCases.map { (pattern, $0) }
    }

    /// Where Foundation itself does not round-trip a pattern (on this toolchain): the kits must
    /// do better or refuse, so these are recorded, not imitated.
    static let foundationGaps: [FoundationControlFormat.Coder: [String: Bool]] = [
        // Refusals (`true`) and values that change or cannot be read back (`false`).
        .json: [CodablePattern.floatingPointSpecials.description: true, CodablePattern.decimalNaN.description: false],
        .binaryPropertyList: [
            CodablePattern.wideIntegersDescription: true, CodablePattern.normalization.description: false,
        ],
        .xmlPropertyList: [CodablePattern.wideIntegersDescription: true, CodablePattern.dates.description: false],
    ]

    @Test("each pattern round-trips through Foundation's coders, but for their known gaps", arguments: cases)
    func control(_ pattern: CodablePattern, _ coder: FoundationControlFormat.Coder) {
        let format = FoundationControlFormat(coder)
        let outcome = pattern.run(format, format.capabilities)
        switch Self.foundationGaps[coder]?[pattern.description] {
        case nil:
            #expect(outcome == .roundTripped)
        case true?:
            #expect(outcome.isRefusal, "\(outcome)")
        case false?:
            guard case .failed = outcome else {
                Issue.record("Foundation now handles this pattern: update the list of gaps (\(outcome))")
                return
            }
        }
    }
}
