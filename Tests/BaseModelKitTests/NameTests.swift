import BaseModelKit
import Foundation
import Testing

/// A model that also declares every member AutoCodingKit's `AutoModel` provides: BaseModel
/// provides none of them, so the type compiles and each name means the type's own member.
final class DualNamedModel: BaseModel, CustomStringConvertible, Hashable {
    static let propertyKeys = ["label"]
    var label = ""

    init() {}

    init(propertyValues: [String: Any]) {
        label = propertyValues["label"] as? String ?? ""
    }

    var propertyValues: [String: Any] { ["label": label] }
    var description: String { "DualNamedModel(\(label))" }

    func deepCopy() -> DualNamedModel {
        DualNamedModel(propertyValues: propertyValues)
    }

    static func == (lhs: DualNamedModel, rhs: DualNamedModel) -> Bool { lhs.label == rhs.label }
    func hash(into hasher: inout Hasher) { hasher.combine(label) }
}

@Suite("Names shared with AutoCodingKit's model protocol")
struct NameTests {
    @Test("a model with AutoModel's member names compiles, and BaseModel's own members still work")
    func noAmbiguity() throws {
        let model = try #require(try DualNamedModel.instance(with: ["label": "both"]))
        #expect(model.description == "DualNamedModel(both)")
        #expect(model.debugDescription.hasPrefix("<DualNamedModel: 0x"))
        #expect(model.deepCopy() == model)
        #expect(model.dictionaryRepresentation["label"] as? String == "both")
        #expect(DualNamedModel.propertyKeys == ["label"])
    }
}
