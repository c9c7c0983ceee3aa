import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("@Observable models through HRCoder")
struct ObservationTests {
    @Test(
        "an @Observable model round-trips under its declared property names",
        arguments: [HRCodedFormat.hrCodedJSON, .hrCodedXML, .hrCodedBinary])
    func declaredNames(_ format: HRCodedFormat) {
        #expect(ObservationCheck.problems(format) == [])
    }

    @Test("an archive written with the macro's storage names (`_volume`) still reads")
    func storageNames() {
        #expect(ObservationCheck.problemsReadingStorageNames(HRCodedFormat.hrCodedJSON, keys: .jsonString) == [])
    }
}
