import ArchiveTestSupport
import AutoCodingKit
import BaseModelKit
import CryptoCodingKit
import FastCodingKit
import Foundation
import HRCoderKit
import Testing

/// Encrypted archives name what their inner format names: an `@Observable` model and every
/// container pattern go through `.encrypted(…)` as through the format inside.
@Suite("Encrypted formats around each kit's format")
struct EncryptedObservationTests {
    private static func encrypted(_ inner: some ArchiveFormat) -> EncryptedFormat {
        .encrypted(inner, password: "observed", keyDerivation: .scrypt(log2N: 10, r: 8, p: 1))
    }

    @Test(
        "an @Observable model round-trips encrypted, under its declared names inside",
        arguments: [
            FastCodingFormat.fastCoding as any ArchiveFormat, KeyedArchiveFormat.keyedArchive,
            HRCodedFormat.hrCodedJSON,
            JSONArchiveFormat.json, PropertyListArchiveFormat.propertyList(.binary),
        ])
    func observed(_ inner: any ArchiveFormat) throws {
        let format = Self.encrypted(inner)
        #expect(ObservationCheck.problems(format, readsNames: false) == [], "\(inner.identifier)")
        // Decrypted, the inner archive is what the inner format writes: declared names only.
        let inside = try format.encode(ObservedSettings.sample()).decrypted(password: "observed")
        #expect(ObservationCheck.namingProblems(inside) == [], "\(inner.identifier)")
    }

    @Test(
        "each container pattern round-trips through encrypted BaseModel JSON, or is refused as JSON refuses it",
        arguments: CodablePattern.all)
    func pattern(_ pattern: CodablePattern) {
        let outcome = pattern.run(
            Self.encrypted(JSONArchiveFormat.json), .init(keepsIdentity: false, keepsURLBases: false))
        let refused = [CodablePattern.floatingPointSpecials.description, CodablePattern.decimalNaN.description]
        if refused.contains(pattern.description) {
            #expect(outcome.isRefusal, "\(outcome)")
        } else {
            #expect(outcome == .roundTripped)
        }
    }
}
