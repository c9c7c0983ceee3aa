import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

@Suite("@Observable models through FastCoding")
struct ObservationTests {
    @Test("an @Observable model round-trips under its declared property names")
    func declaredNames() {
        #expect(ObservationCheck.problems(FastCodingFormat.fastCoding) == [])
    }
}
