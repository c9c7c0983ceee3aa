import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Observation
import Testing

@Suite("@Observable models through keyed archives")
struct ObservationTests {
    @Test(
        "an @Observable model round-trips under its declared property names",
        arguments: [KeyedArchiveFormat.keyedArchive, .keyedArchiveXML])
    func declaredNames(_ format: KeyedArchiveFormat) {
        #expect(ObservationCheck.problems(format) == [])
    }

    @Test("an archive written with the macro's storage names (`_volume`) still reads")
    func storageNames() {
        #expect(ObservationCheck.problemsReadingStorageNames(KeyedArchiveFormat.keyedArchiveXML, keys: .xmlKey) == [])
    }

    @Test("an @Observable AutoModel lists, reads and copies its declared property names")
    func autoModel() throws {
        let model = ObservedAutoModel()
        model.volume = 3
        #expect(ObservedAutoModel.propertyKeys == ["volume", "label"])
        #expect(model.propertyValues["volume"] as? Int == 3)
        #expect(model.propertyValues.keys.sorted() == ["label", "volume"])
        let made = try ObservedAutoModel(propertyValues: ["volume": 5, "label": "den"])
        #expect((made.volume, made.label) == (5, "den"))
        #expect(try model.deepCopy() == model)
    }
}

/// An `@Observable` class that is an ``AutoModel``; `init(from:)` written as Swift synthesizes it
/// (the synthesized one warns that the macro's registrar is not decoded).
@Observable
final class ObservedAutoModel: AutoModel {
    var volume = 1
    var label = "room"

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        volume = try container.decode(Int.self, forKey: ._volume)
        label = try container.decode(String.self, forKey: ._label)
    }
}
