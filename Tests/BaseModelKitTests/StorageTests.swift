import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("UserDefaults and SecretStore storage: one entry per property")
struct StorageTests {
    @Test("UserDefaults: each property its own entry in a real suite; nil properties lose theirs")
    func userDefaults() throws {
        let suite = "BaseModelKitTests.\(UUID().uuidString)"
        final class Preferences: TestModel {
            nonisolated(unsafe) static var suite = ""
            static var storage: BaseModelStorage { .userDefaults(suite: suite) }
            var volume = 5
            var nickname: String?
            var lastOpened: Date?
            init() {}
        }
        Preferences.suite = suite
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }

        #expect(Preferences.shared.volume == 5)
        Preferences.shared.volume = 9
        Preferences.shared.nickname = "ada"
        Preferences.shared.lastOpened = Date(timeIntervalSince1970: 86_400)
        try Preferences.shared.save()
        #expect(defaults.integer(forKey: "volume") == 9)
        #expect(defaults.string(forKey: "nickname") == "ada")
        #expect(defaults.object(forKey: "lastOpened") as? Date == Date(timeIntervalSince1970: 86_400))

        // A second process would see the same: read through a fresh defaults object.
        defaults.set("7", forKey: "volume")
        defaults.set("unrelated", forKey: "someOtherSetting")
        let reloaded = try Preferences.reloadSharedInstance()
        #expect(reloaded.volume == 7)
        #expect(reloaded.nickname == "ada")

        reloaded.nickname = nil
        try reloaded.save()
        #expect(defaults.object(forKey: "nickname") == nil)
        #expect(defaults.string(forKey: "someOtherSetting") == "unrelated")
        #expect(try Preferences.reloadSharedInstance().nickname == nil)
    }

    @Test("SecretStore: strings as UTF-8, other values as binary property lists, nil removes the item")
    func secretStore() throws {
        let store = InMemorySecretStore()
        final class Credentials: TestModel {
            nonisolated(unsafe) static var store: InMemorySecretStore?
            static var storage: BaseModelStorage { store.map { .secretStore($0) } ?? .file }
            var user = ""
            var token: String?
            var pin = 0
            var scopes: [String] = []
            var tricky = ""
            init() {}
        }
        Credentials.store = store
        let credentials = Credentials.shared
        credentials.user = "ada"
        credentials.token = "s3cr3t"
        credentials.pin = 1234
        credentials.scopes = ["read", "write"]
        credentials.tricky = "bplist00 pretending"
        try credentials.save()

        #expect(try store.data(forKey: "user") == Data("ada".utf8))
        #expect(try store.string(forKey: "token") == "s3cr3t")
        let pin = try #require(try store.data(forKey: "pin"))
        #expect(try PropertyListSerialization.propertyList(from: pin, format: nil) as? Int == 1234)
        let scopes = try #require(try store.data(forKey: "scopes"))
        #expect(
            try PropertyListSerialization.propertyList(from: scopes, format: nil) as? [String] == ["read", "write"])
        // A string that looks like a property list is stored as one, so it cannot pass for one.
        let tricky = try #require(try store.data(forKey: "tricky"))
        let trickyValue = try PropertyListSerialization.propertyList(from: tricky, format: nil)
        #expect(trickyValue as? String == "bplist00 pretending")

        let reloaded = try Credentials.reloadSharedInstance()
        #expect(reloaded.user == "ada")
        #expect(reloaded.token == "s3cr3t")
        #expect(reloaded.pin == 1234)
        #expect(reloaded.scopes == ["read", "write"])
        #expect(reloaded.tricky == "bplist00 pretending")

        reloaded.token = nil
        try reloaded.save()
        #expect(try store.data(forKey: "token") == nil)
    }

    @Test("SecretStore: an item that is neither a property list nor text is a clear error")
    func unreadableSecret() throws {
        let store = InMemorySecretStore(["user": Data([0xFF, 0xFE, 0x00])])
        final class Vault: TestModel {
            nonisolated(unsafe) static var store: InMemorySecretStore?
            static var storage: BaseModelStorage { store.map { .secretStore($0) } ?? .file }
            var user = ""
            init() {}
        }
        Vault.store = store
        let error = try #require(throws: BaseModelError.self) { try Vault.reloadSharedInstance() }
        #expect(error.description == "the secret item 'user' of Vault is neither a binary property list nor UTF-8 text")
        #expect(Vault.shared.user == "")
    }
}
