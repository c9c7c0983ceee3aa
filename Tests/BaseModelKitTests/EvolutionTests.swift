import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

/// A contact nested in a bundled resource file: hand-written entries may leave keys out.
struct Contact: Evolvable, Equatable {
    var id = "none"
    var name = ""
    var favourite = false
}

/// Version 1 of a settings model, as an older app saved it.
final class SettingsV1: TestModel {
    var theme = "light"
    var volume = 5
    var title: String? = "Mine"
    init() {}
}

@Suite("Models that evolve: old files load into new models, in layers")
struct EvolutionTests {
    static let plainFormats: [any ArchiveFormat] = [.json, .propertyList(.xml), .propertyList(.binary)]
    static let rules = EvolutionContract.all.flatMap { rule in plainFormats.map { (rule, $0.identifier) } }

    @Test("the evolution contract holds for the plain formats", arguments: rules)
    func contract(_ rule: EvolutionContract, _ identifier: String) throws {
        let format = try #require(Self.plainFormats.first { $0.identifier == identifier })
        #expect(try rule.run(format) == [])
    }

    @Test("a save file written before a property existed keeps the resource file's value for it")
    func layers() throws {
        final class Settings: TestModel {
            static var saveFile: String { "Settings.json" }
            static var saveFormat: any ArchiveFormat { .json }
            var theme = "light"
            var volume = 5
            var fontSize = 12
            var title: String? = "Untitled"
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Settings.self)
        try Data(#"{"fontSize": 14, "theme": "dark"}"#.utf8).write(to: folder.file("Settings.plist"))
        // Version 1 saved theme and volume; a nil title is left out.
        try Data(#"{"theme": "blue", "volume": 9}"#.utf8).write(to: Settings.saveFileURL)
        let settings = try Settings.loadShared()
        #expect(settings.theme == "blue")
        #expect(settings.volume == 9)
        #expect(settings.fontSize == 14)
        #expect(settings.title == nil)
        #expect(Settings.sharedLoadError == nil)
    }

    @Test("decoding over a model sets only the keys the data holds (the original's setWithCoder:)")
    func decodeOver() throws {
        let base = SettingsV1()
        base.volume = 11
        base.title = "kept?"
        let data = Data(#"{"theme": "dark"}"#.utf8)
        let merged = try JSONArchiveFormat.json.decode(SettingsV1.self, from: data, over: base)
        #expect(merged.theme == "dark")
        #expect(merged.volume == 11)
        #expect(merged.title == nil)
        #expect(merged !== base)
    }

    @Test("nested items of a bundled resource that leave keys out take their defaults")
    func bundledDefaults() throws {
        final class AddressBook: TestModel {
            var contacts: [Contact] = []
            var owner = Contact()
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: AddressBook.self)
        let resource = #"{"contacts": [{"name": "Ann"}, {"name": "Bob", "id": "B7"}], "owner": {"name": "Me"}}"#
        try Data(resource.utf8).write(to: folder.file("AddressBook.json"))
        let book = try AddressBook.loadShared()
        #expect(book.contacts == [Contact(id: "none", name: "Ann"), Contact(id: "B7", name: "Bob")])
        #expect(book.owner == Contact(id: "none", name: "Me"))
    }

    @Test("an unreadable resource file is an error naming it, and nothing is saved over the defaults' absence")
    func unreadableResource() throws {
        final class Catalogue: TestModel {
            var entries: [Contact] = []
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Catalogue.self)
        // A wrong-typed nested value: an error with its coding path, not an empty catalogue.
        try Data(#"{"entries": [{"name": "Ann", "favourite": "often"}]}"#.utf8)
            .write(to: folder.file("Catalogue.json"))
        let error = try #require(throws: BaseModelError.self) { try Catalogue.loadShared() }
        #expect(error.description.contains("Catalogue.json"), "\(error)")
        #expect(error.description.contains("entries[0].favourite"), "\(error)")
        #expect(Catalogue.shared.entries.isEmpty)
        #expect(Catalogue.sharedLoadError != nil)
        let refused = try #require(throws: BaseModelError.self) { try Catalogue.shared.save() }
        #expect(refused.description.contains("resource file"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: Catalogue.saveFileURL.path))
    }

    @Test(
        "a save file that holds none of the model's keys is refused and kept", .serialized,
        arguments: ["{}", #"{"$top": 1}"#])
    func foreignSaveFile(_ content: String) throws {
        final class Chores: TestModel {
            static var saveFormat: any ArchiveFormat { .json }
            var items: [String] = ["start"]
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Chores.self)
        Chores.setSharedInstance(nil)
        let bytes = Data(content.utf8)
        try bytes.write(to: Chores.saveFileURL)
        let error = try #require(throws: BaseModelError.self) { try Chores.loadShared() }
        #expect(error.description.contains("holds none of Chores's keys"), "\(error)")
        Chores.shared.items.append("added")
        #expect(throws: BaseModelError.self) { try Chores.shared.save() }
        #expect(try Data(contentsOf: Chores.saveFileURL) == bytes)
    }

    @Test("a model whose keys are all optional loads its own empty save file")
    func emptyOptionalModel() throws {
        final class Preferences: TestModel {
            static var saveFormat: any ArchiveFormat { .json }
            var nickname: String?
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Preferences.self)
        try Preferences.shared.save()
        #expect(try Data(contentsOf: Preferences.saveFileURL) == Data("{}".utf8))
        #expect(try Preferences.reloadSharedInstance().nickname == nil)
    }

    @Test("a renamed property of a model reads its former key from a plain file")
    func renamedProperty() throws {
        final class Profile: TestModel {
            static let formerKeys = ["displayName": ["name"]]
            var displayName = ""
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Profile.self)
        let url = folder.file("old.json")
        try Data(#"{"name": "Ada"}"#.utf8).write(to: url)
        #expect(try Profile.instance(contentsOf: url).displayName == "Ada")
        #expect(
            try String(decoding: Profile.instance(contentsOf: url).jsonRepresentation(), as: UTF8.self)
                == #"{"displayName":"Ada"}"#)
    }
}
