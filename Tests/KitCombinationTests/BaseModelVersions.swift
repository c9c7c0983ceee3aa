import AutoCodingKit
import BaseModelKit
import CryptoCodingKit
import FastCodingKit
import Foundation
import HRCoderKit

/// One of BaseModel's eleven formats and storages, chosen for the whole of a test run.
enum ModelStore: String, CaseIterable, Sendable {
    case keyedArchive, xmlPropertyList, binaryPropertyList, json, userDefaults, keychain, cryptoCoding
    case hrCodedXML, hrCodedJSON, hrCodedBinary, fastCoding

    /// The format a file-backed store writes.
    var format: any ArchiveFormat {
        switch self {
        case .keyedArchive: .keyedArchive
        case .xmlPropertyList: .propertyList(.xml)
        case .binaryPropertyList, .userDefaults, .keychain: .propertyList(.binary)
        case .json: .json
        case .cryptoCoding: .encrypted(.fastCoding, password: "version two")
        case .hrCodedXML: .hrCodedXML
        case .hrCodedJSON: .hrCodedJSON
        case .hrCodedBinary: .hrCodedBinary
        case .fastCoding: .fastCoding
        }
    }
}

/// What the two versions of the model share: the store of the current run and its folder.
final class VersionedStore: @unchecked Sendable {
    static let shared = VersionedStore()
    private let lock = NSLock()
    private var store = ModelStore.json
    private var folder = FileManager.default.temporaryDirectory
    private var secrets = InMemorySecretStore()

    /// Chooses `store`, in `folder`, with an empty secret store and user-defaults suite.
    func use(_ store: ModelStore, in folder: URL) {
        lock.withLock {
            self.store = store
            self.folder = folder
            secrets = InMemorySecretStore()
        }
        UserDefaults(suiteName: Self.suite)?.removePersistentDomain(forName: Self.suite)
    }

    static let suite = "swift-model-coding.versions"

    var current: (store: ModelStore, folder: URL, secrets: InMemorySecretStore) {
        lock.withLock { (store, folder, secrets) }
    }
}

/// Where both versions keep their data: the same file, suite or secret items.
protocol VersionedModel: BaseModel {}

extension VersionedModel {
    static var saveFormat: any ArchiveFormat { VersionedStore.shared.current.store.format }
    static var saveFile: String { "Document.\(saveFormat.fileExtension)" }
    static var saveDirectory: URL { VersionedStore.shared.current.folder }
    static var storage: BaseModelStorage {
        let current = VersionedStore.shared.current
        switch current.store {
        case .userDefaults: return .userDefaults(suite: VersionedStore.suite)
        case .keychain: return .secretStore(current.secrets)
        default: return .file
        }
    }
}

/// An entry as version 1 saved it.
struct EntryV1: Codable {
    var title = ""
}

/// An entry in version 2: one property more.
struct EntryV2: Evolvable {
    var title = ""
    var priority = 3
}

/// The owner class as version 1 named it.
final class OwnerV1: Codable {
    var name = "Ada"
}

/// The owner class after its rename, with one property more.
final class OwnerV2: Evolvable {
    var name = ""
    var email = "nobody@example.com"
    init() {}
}

/// Version 1 of the document.
final class DocumentV1: VersionedModel {
    var name = "Groceries"
    var label = "weekly"
    var removed = 41
    var entries = [EntryV1(title: "milk"), EntryV1(title: "eggs")]
    var byTag = ["dairy": EntryV1(title: "butter")]
    var owner = OwnerV1()
    init() {}
}

/// Version 2 of the document: added, removed and renamed properties, an added nested type,
/// entries and owners with a property more, the owner class renamed.
final class DocumentV2: VersionedModel {
    static let formerKeys = ["caption": ["label"]]
    var name = ""
    var caption = ""
    var fontSize = 12
    var subtitle: String? = "Untitled"
    var layout = LayoutV2()
    var entries: [EntryV2] = []
    var byTag: [String: EntryV2] = [:]
    var owner = OwnerV2()
    init() {}
}

/// A nested type version 2 adds.
struct LayoutV2: Evolvable, Equatable {
    var columns = 2
}

/// Registers both versions' classes: the documents under one name, the owner renamed.
enum Versions {
    static func register() {
        let registry = ClassNameRegistry.shared
        registry.register(DocumentV1.self, as: "VersionedDocument")
        registry.register(DocumentV2.self, as: "VersionedDocument")
        registry.register(OwnerV1.self, as: "VersionedOwner")
        registry.register(OwnerV2.self, as: "VersionedOwner2", legacyNames: ["VersionedOwner"])
    }
}
