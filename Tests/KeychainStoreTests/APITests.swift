import ArchiveTestSupport
import Foundation
import Testing

@testable import KeychainStore

@Suite("KeychainStore API")
struct APITests {
    @Test("data set under a key reads back, is replaced, and is removed; removing a missing key succeeds")
    func dataLifecycle() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        #expect(try store.data(forKey: "token") == nil)
        try store.setData(Data([1, 2, 3]), forKey: "token")
        #expect(try store.data(forKey: "token") == Data([1, 2, 3]))
        try store.setData(Data(), forKey: "token")
        #expect(try store.data(forKey: "token") == Data())
        try store.removeData(forKey: "token")
        #expect(try store.data(forKey: "token") == nil)
        try store.removeData(forKey: "token")
        try store.removeData(forKey: "never-there")
    }

    @Test("a second store value on the same folder and service sees the same items")
    func sharedBetweenInstances() throws {
        let folder = try StoreFolder()
        try folder.store().setString("s3cret", forKey: "password")
        #expect(try folder.store().string(forKey: "password") == "s3cret")
    }

    @Test("allKeys lists this service's keys sorted; string helpers store UTF-8")
    func keysAndStrings() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        for key in ["zeta", "alpha", "Mid", "ünïcode 🔑"] {
            try store.setString("value of \(key)", forKey: key)
        }
        #expect(try store.allKeys() == ["Mid", "alpha", "zeta", "ünïcode 🔑"])
        #expect(try store.string(forKey: "ünïcode 🔑") == "value of ünïcode 🔑")
        #expect(try store.data(forKey: "alpha") == Data("value of alpha".utf8))
        #expect(try store.contains("zeta"))
        #expect(try !store.contains("omega"))
        try store.setData(Data([0xFF, 0xFE]), forKey: "binary")
        #expect(throws: SecretStoreError.notText(key: "binary")) { try store.string(forKey: "binary") }
    }

    @Test("services in one folder do not see each other's items")
    func servicesAreSeparate() throws {
        let folder = try StoreFolder()
        let mail = folder.store("mail")
        let chat = folder.store("chat")
        try mail.setString("m", forKey: "token")
        try chat.setString("c", forKey: "token")
        #expect(try mail.string(forKey: "token") == "m")
        #expect(try chat.string(forKey: "token") == "c")
        try mail.removeAll()
        #expect(try mail.allKeys().isEmpty)
        #expect(try chat.allKeys() == ["token"])
    }

    @Test("an access group shares one file; each service lists and removes only its own keys")
    func accessGroup() throws {
        let folder = try StoreFolder()
        let mail = folder.store("mail", accessGroup: "suite")
        let chat = folder.store("chat", accessGroup: "suite")
        try mail.setString("m", forKey: "token")
        try mail.setString("m2", forKey: "refresh")
        try chat.setString("c", forKey: "token")
        #expect(mail.fileURL == chat.fileURL)
        #expect(mail.fileURL.lastPathComponent == "suite.keychain")
        #expect(try folder.files().map(\.lastPathComponent) == ["keychain.key", "keychain.lock", "suite.keychain"])
        #expect(try mail.allKeys() == ["refresh", "token"])
        #expect(try chat.allKeys() == ["token"])
        #expect(try chat.string(forKey: "token") == "c")
        #expect(try chat.data(forKey: "refresh") == nil)
        try chat.removeAll()
        #expect(try chat.allKeys().isEmpty)
        #expect(try mail.allKeys() == ["refresh", "token"])
        #expect(try KeychainFile(parsing: Data(contentsOf: mail.fileURL)).itemCount == 2)
    }

    @Test("removeAll is one file write, also when called through any SecretStore")
    func removeAllIsOneWrite() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        for index in 0..<40 { try store.setString("v\(index)", forKey: "k\(index)") }
        let writesBefore = store.state.writeCount
        let erased: any SecretStore = store
        try erased.removeAll()
        #expect(store.state.writeCount == writesBefore + 1)
        #expect(try store.allKeys().isEmpty)
        try erased.removeAll()  // nothing left: nothing written
        #expect(store.state.writeCount == writesBefore + 1)
    }

    @Test("typed values are stored as binary property lists, strings as UTF-8, as FXKeychain did")
    func typedValues() throws {
        struct Account: Codable, Equatable {
            var user: String
            var port: Int
            var scopes: [String]
        }
        let folder = try StoreFolder()
        let store = folder.store()
        let account = Account(user: "ada", port: 993, scopes: ["read", "send"])
        try store.set(account, forKey: "account")
        try store.set(42, forKey: "answer")
        try store.set("plain text", forKey: "note")
        try store.set("bplist-looking text", forKey: "tricky")
        #expect(try store.value(Account.self, forKey: "account") == account)
        #expect(try store.data(forKey: "account")?.starts(with: Array("bplist00".utf8)) == true)
        #expect(try store.value(Int.self, forKey: "answer") == 42)
        #expect(try store.data(forKey: "note") == Data("plain text".utf8))
        #expect(try store.value(String.self, forKey: "note") == "plain text")
        #expect(try store.value(String.self, forKey: "tricky") == "bplist-looking text")
        #expect(try store.value(Account.self, forKey: "missing") == nil)
        #expect(throws: DecodingError.self) { try store.value(Account.self, forKey: "note") }
        #expect(throws: DecodingError.self) { try store.value(Account.self, forKey: "answer") }
    }

    @Test("the subscript reads like FXKeychain's, and a damaged item throws instead of reading as nil")
    func throwingSubscript() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("v", forKey: "k")
        #expect(try store["k"] == Data("v".utf8))
        #expect(try store["absent"] == nil)
        var bytes = [UInt8](try Data(contentsOf: store.fileURL))
        bytes[bytes.count - 40] ^= 0x01
        try Data(bytes).write(to: store.fileURL)
        #expect(throws: KeychainStoreError.self) { try store["k"] }
    }

    @Test("the default folder follows XDG_DATA_HOME, else HOME/.local/share")
    func defaultDirectory() {
        #expect(
            KeychainStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"]).path
                == "/data/keychain-store")
        #if os(macOS)
            let expected = "/home/ada/Library/Application Support/keychain-store"
        #else
            let expected = "/home/ada/.local/share/keychain-store"
        #endif
        #expect(KeychainStore.defaultDirectory(environment: ["HOME": "/home/ada"]).path == expected)
        #expect(
            KeychainStore.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"]).path
                == expected)
    }

    @Test("the default store is the program's name in the default folder")
    func defaultStore() {
        let store = KeychainStore.default
        #expect(store.service == ProcessInfo.processInfo.processName)
        #expect(store.directory == KeychainStore.defaultDirectory())
        #expect(store.accessGroup == nil)
        #expect(store.unlock == .keyFile)
    }

    @Test("service names become safe, distinct file names")
    func fileNames() {
        #expect(KeychainStore.fileStem("com.example.app") == "com.example.app")
        #expect(KeychainStore.fileStem("a/b") == "a%2Fb")
        #expect(KeychainStore.fileStem("..") == "%2E.")
        #expect(KeychainStore.fileStem("") == "%")
        #expect(KeychainStore.fileStem("a b") != KeychainStore.fileStem("a_b"))
    }

    @Test("hundreds of items: each reads back, the list is complete, removal of half keeps the rest")
    func hundredsOfItems() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        var random = SplitMix64(seed: 7)
        var expected: [String: Data] = [:]
        for index in 0..<300 {
            let value = Data((0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            expected["item-\(index)"] = value
            try store.setData(value, forKey: "item-\(index)")
        }
        #expect(try store.allKeys() == expected.keys.sorted())
        for (key, value) in expected { #expect(try store.data(forKey: key) == value) }
        for index in stride(from: 0, to: 300, by: 2) { try store.removeData(forKey: "item-\(index)") }
        #expect(try store.allKeys().count == 150)
        #expect(try store.data(forKey: "item-1") == expected["item-1"])
        #expect(try store.data(forKey: "item-0") == nil)
    }

    @Test("an item larger than the limit is refused before anything is written")
    func oversizedItem() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        let big = Data(count: KeychainFile.maximumItemSize + 1)
        let limit = KeychainFile.maximumItemSize
        #expect(throws: KeychainStoreError.itemTooLarge(key: "big", size: big.count, limit: limit)) {
            try store.setData(big, forKey: "big")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.directory.path))
    }
}
