import ArchiveTestSupport
import BaseModelKit
import Foundation
import Observation
import Testing

@Suite("@Observable models: the plain formats, the dictionary view and saving")
struct ObservationTests {
    @Test(
        "an @Observable model round-trips under its declared property names",
        arguments: [
            JSONArchiveFormat.json as any ArchiveFormat, PropertyListArchiveFormat.propertyList(.xml),
            PropertyListArchiveFormat.propertyList(.binary),
        ])
    func declaredNames(_ format: any ArchiveFormat) {
        #expect(ObservationCheck.problems(format) == [], "\(format.identifier)")
    }

    @Test("a file written with the macro's storage names (`_volume`) still reads")
    func storageNames() {
        #expect(ObservationCheck.problemsReadingStorageNames(JSONArchiveFormat.json, keys: .jsonString) == [])
        #expect(
            ObservationCheck.problemsReadingStorageNames(PropertyListArchiveFormat.propertyList(.xml), keys: .xmlKey)
                == [])
    }

    @Test("instance(with:) sets an @Observable model's properties by their declared names")
    func instanceWith() throws {
        let model = try #require(try ObservedPreferences.instance(with: ["volume": 3]))
        #expect((model.volume, model.theme) == (3, "light"))
        let before = try #require(try ObservedPreferences.instance(with: ["_volume": 4, "theme": "dark"]))
        #expect((before.volume, before.theme) == (4, "dark"))
        #expect(throws: DecodingError.self) { try ObservedPreferences.instance(with: ["volume": "loud"]) }
    }

    @Test("the dictionary view lists the declared names, not the macro's storage or registrar")
    func dictionaryView() {
        let model = ObservedPreferences()
        model.volume = 9
        let view = model.dictionaryRepresentation
        #expect(view.keys.sorted() == ["theme", "volume"])
        #expect(view["volume"] as? Int == 9)
        #expect(model.debugDescription.contains("volume = 9"))
    }

    @Test("a saved @Observable model's file holds the declared names and loads back")
    func savedFile() throws {
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: ObservedPreferences.self)
        let model = ObservedPreferences()
        model.volume = 7
        model.theme = "dark"
        try model.write(to: folder.file("preferences.json"), format: .json)
        let text = String(decoding: try Data(contentsOf: folder.file("preferences.json")), as: UTF8.self)
        #expect(text == #"{"theme":"dark","volume":7}"#)
        let loaded = try ObservedPreferences.instance(contentsOf: folder.file("preferences.json"))
        #expect((loaded.volume, loaded.theme) == (7, "dark"))
    }
}

/// An `@Observable` BaseModel; `init(from:)` written as Swift synthesizes it (the synthesized
/// one warns that the macro's registrar is not decoded).
@Observable
final class ObservedPreferences: TestModel {
    var volume = 1
    var theme = "light"

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        volume = try container.decode(Int.self, forKey: ._volume)
        theme = try container.decode(String.self, forKey: ._theme)
    }
}
