import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

/// Every container pattern and standard value a `Codable` type may use, through keyed archives,
/// binary and XML: each round-trips exactly, or is refused at encode for something the format
/// cannot hold.
@Suite("Container patterns through keyed archives")
struct CodablePatternTests {
    /// Keyed archives keep class identity (one `$objects` entry per instance) and a URL's base
    /// (`NSURL`'s `NS.base`).
    static let capabilities = CodablePattern.Capabilities(keepsIdentity: true, keepsURLBases: true)

    static let cases = CodablePattern.all.flatMap { pattern in
        KeyedArchiveOutputFormat.allCases.map { (pattern, $0) }
    }

    /// The patterns keyed archives refuse, each something the format cannot hold (listed in the
    /// "Limits" article), with what the refusal must say: the reason, the refused value's type
    /// and its coding path.
    static let refusals: [String: [String]] = [:]

    @Test("each pattern round-trips, or is refused for what the format cannot hold", arguments: cases)
    func pattern(_ pattern: CodablePattern, _ outputFormat: KeyedArchiveOutputFormat) {
        let format = KeyedArchiveFormat(encoder: KeyedArchiveEncoder(outputFormat: outputFormat))
        let outcome = pattern.run(format, Self.capabilities)
        #expect(outcome.problem(refusalSaying: Self.refusals[pattern.description]) == nil, "\(outputFormat)")
    }
}
