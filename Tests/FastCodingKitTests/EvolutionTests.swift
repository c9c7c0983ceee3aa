import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

/// The FastCoding formats the evolution contract runs against: the default decoder, and one
/// with a `userInfo`, whose defaults are worked out per decode instead of shared.
enum EvolutionFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    case plain
    case withUserInfo

    var format: FastCodingFormat {
        switch self {
        case .plain: .fastCoding
        case .withUserInfo: FastCodingFormat(decoder: FastDecoder(userInfo: [EvolutionFormat.userInfoKey: "set"]))
        }
    }

    var description: String { rawValue }

    static let userInfoKey = CodingUserInfoKey(rawValue: "evolutionTests")!
}

@Suite("Files written before a model changed load into the model as it is now")
struct EvolutionTests {
    @Test(
        "the evolution contract holds", arguments: EvolutionContract.all, EvolutionFormat.allCases)
    func contract(_ rule: EvolutionContract, _ format: EvolutionFormat) throws {
        #expect(try rule.run(format.format) == [])
    }
}

/// Preferences without the evolution contract: layering over a base value needs none.
private struct Preferences: Codable, Equatable {
    var name: String
    var size: Int
    var note: String?
    var layout: EvolutionLayout
}

/// What an older file of ``Preferences`` holds: a name and a layout with its columns only.
private struct PreferencesV1: Codable {
    struct Layout: Codable {
        var columns = 7
    }

    var name = "from file"
    var layout = Layout()
}

/// A root class, read over a base instance.
private final class Profile: Codable {
    var name: String
    var score: Int

    init(name: String, score: Int) {
        self.name = name
        self.score = score
    }
}

extension EvolutionTests {
    private var base: Preferences {
        var layout = EvolutionLayout()
        layout.columns = 5
        layout.ratio = 9
        return Preferences(name: "from base", size: 30, note: "from base", layout: layout)
    }

    @Test("FastDecoder.decode(_:from:over:): the file's keys replace the base's, nested values are decoded whole")
    func decodeOverBase() throws {
        let data = try FastCoder.encode(PreferencesV1())
        let layered = try FastDecoder().decode(Preferences.self, from: data, over: base)
        #expect(layered.name == "from file")
        #expect(layered.size == 30)
        #expect(layered.note == nil)
        // `layout` is in the file: its missing `ratio` takes EvolutionLayout's default, not the base's.
        #expect(layered.layout.columns == 7 && layered.layout.ratio == 1.5)
        #expect(try FastCoder.decode(Preferences.self, from: data, over: base) == layered)
        #expect(try FastCodingFormat.fastCoding.decode(Preferences.self, from: data, over: base) == layered)
        // Without a base, the missing key is an error: Preferences does not adopt Evolvable.
        #expect(throws: DecodingError.self) { try FastCoder.decode(Preferences.self, from: data) }
    }

    @Test("a root class decodes over a base instance, into a new instance")
    func classOverBase() throws {
        let base = Profile(name: "base", score: 99)
        let registry = ClassNameRegistry()
        registry.register(Profile.self, as: "EvolutionNamedV1")
        let decoded = try FastDecoder(registry: registry).decode(
            Profile.self, from: try FastCoder.encode(EvolutionNamedV1(name: "file")), over: base)
        #expect(decoded !== base)
        #expect(decoded.name == "file" && decoded.score == 99)
        #expect(base.name == "base")
    }

    @Test("a base value's missing keys count against the expansion budget")
    func heavyBase() throws {
        let data = try FastCoder.encode(EvolutionNamedV1(name: "file"))
        var base = EvolutionHeavyV2()
        #expect(try FastDecoder().decode(EvolutionHeavyV2.self, from: data, over: base).table.count == 50_000)
        base.table = Array(repeating: 2, count: 100_000)
        #expect {
            try FastDecoder().decode(EvolutionHeavyV2.self, from: data, over: base)
        } throws: { error in
            guard case .expansionTooLarge? = error as? FastCodingError else { return false }
            return true
        }
    }

    @Test("a base value that does not encode is a DecodingError before anything is read")
    func baseThatDoesNotEncode() throws {
        let error = try #require(throws: DecodingError.self) {
            try FastDecoder().decode(
                EvolutionCyclicV2.self, from: Data("not an archive".utf8), over: EvolutionCyclicV2())
        }
        #expect("\(error)".contains("cannot decode over"))
    }
}
