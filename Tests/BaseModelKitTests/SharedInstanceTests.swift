import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("The shared instance: lazy, per type, thread-safe, replaceable")
struct SharedInstanceTests {
    @Test("made on first use from saved data; hasSharedInstance does not make it")
    func lazyFromSavedData() throws {
        final class Counter: TestModel {
            var value = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Counter.self)
        #expect(!Counter.hasSharedInstance)
        let saved = Counter()
        saved.value = 41
        try saved.write(to: Counter.saveFileURL)
        #expect(!Counter.hasSharedInstance)
        #expect(Counter.shared.value == 41)
        #expect(Counter.hasSharedInstance)
        #expect(Counter.shared === Counter.shared)
    }

    @Test("without saved data it is a new instance with the resource defaults")
    func fallsBackToDefaults() throws {
        final class Fresh: TestModel {
            var value = 1
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Fresh.self)
        try Data(#"{"value": 2}"#.utf8).write(to: folder.file("Fresh.json"))
        #expect(Fresh.shared.value == 2)
        #expect(!FileManager.default.fileExists(atPath: Fresh.saveFileURL.path))
    }

    @Test("a subclass has its own shared instance")
    func perSubclass() throws {
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Animal.self)
        TestFolders.assign(folder, to: Dog.self)
        let animal = Animal.shared
        let dog = Dog.shared
        #expect(animal !== dog)
        #expect(type(of: animal) == Animal.self)
        #expect(Dog.shared.breed == "mixed")
        #expect(Animal.shared === animal)
    }

    @Test("setSharedInstance posts the old instance; nil drops it and the next use reloads")
    func replaceAndNotify() async throws {
        final class Session: TestModel {
            var token = ""
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Session.self)
        let first = Session.shared
        let posted = LockedList<ObjectIdentifier>()
        let observer = NotificationCenter.default.addObserver(
            forName: .baseModelSharedInstanceUpdated, object: nil, queue: nil
        ) { note in
            if let old = note.object as? Session { posted.append(ObjectIdentifier(old)) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        let replacement = Session()
        replacement.token = "new"
        Session.setSharedInstance(replacement)
        #expect(Session.shared === replacement)
        #expect(posted.values == [ObjectIdentifier(first)])

        Session.setSharedInstance(nil)
        #expect(!Session.hasSharedInstance)
        #expect(posted.values == [ObjectIdentifier(first), ObjectIdentifier(replacement)])
        Session.setSharedInstance(nil)  // nothing to replace: no notification
        #expect(posted.values.count == 2)
        #expect(Session.shared.token == "")
    }

    @Test("reloadSharedInstance reads the saved data again")
    func reload() throws {
        final class Store: TestModel {
            var items: [String] = []
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Store.self)
        Store.shared.items = ["a"]
        try Store.shared.save()
        Store.shared.items.append("unsaved")
        let reloaded = try Store.reloadSharedInstance()
        #expect(reloaded.items == ["a"])
        #expect(Store.shared === reloaded)
    }

    @Test("many threads asking at once get one instance")
    func threadSafe() async throws {
        final class Busy: TestModel {
            var value = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Busy.self)
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask { ObjectIdentifier(Busy.shared) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
    }

    @Test("a hook that asks for its own shared instance while it loads gets a separate one, without deadlock")
    func reentrant() throws {
        final class Selfish: TestModel, StringSettable {
            static var saveFormat: any ArchiveFormat { .json }
            var text = ""
            var sawItself = true
            init() {}
            func setWithString(_ string: String) throws {
                text = string
                sawItself = Selfish.shared === self
            }
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Selfish.self)
        try Data(#""saved text""#.utf8).write(to: Selfish.saveFileURL)
        let shared = Selfish.shared
        #expect(shared.text == "saved text")
        #expect(!shared.sawItself)
        #expect(Selfish.shared === shared)
    }
}

/// A small thread-safe list for observers.
final class LockedList<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    var values: [Value] { lock.withLock { storage } }
    func append(_ value: Value) { lock.withLock { storage.append(value) } }
}
