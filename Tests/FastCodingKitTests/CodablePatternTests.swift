import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

/// Every container pattern and standard value a `Codable` type may use, through FastCoding:
/// each round-trips exactly, or is refused at encode for something the format cannot hold.
@Suite("Container patterns through FastCoding")
struct CodablePatternTests {
    /// FastCoding keeps class identity (object aliases) and a URL's base (the URL chunk's second part).
    static let capabilities = CodablePattern.Capabilities(keepsIdentity: true, keepsURLBases: true)

    /// The patterns FastCoding refuses, each something the format cannot hold (listed in the
    /// "Limits" article), with what the refusal must say: the reason, the refused value's type
    /// and its coding path.
    static let refusals: [String: [String]] = [
        CodablePattern.nullCharacter.description: ["U+0000", "(String)", "Path: values[0]"]
    ]

    @Test("each pattern round-trips, or is refused for what the format cannot hold", arguments: CodablePattern.all)
    func pattern(_ pattern: CodablePattern) {
        let outcome = pattern.run(FastCodingFormat.fastCoding, Self.capabilities)
        #expect(outcome.problem(refusalSaying: Self.refusals[pattern.description]) == nil)
    }
}
