import ArchiveTestSupport
import BaseModelKit
import Foundation
import Observation
import Testing

@Suite("Shared-instance updates as an asynchronous sequence")
struct SharedUpdatesTests {
    @Test("setting and reloading the shared instance each yield a snapshot of the new instance")
    func snapshots() async throws {
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Radio.self)
        var updates = Radio.sharedUpdates.makeAsyncIterator()
        let radio = Radio()
        radio.station = "jazz"
        Radio.setSharedInstance(radio)
        let first = try #require(await updates.next())
        let copy = try first.model()
        #expect(copy.station == "jazz")
        #expect(copy !== radio)

        radio.station = "news"
        try radio.write(to: Radio.saveFileURL)
        try Radio.reloadSharedInstance()
        #expect(try #require(await updates.next()).model().station == "news")

        // Dropping the instance is no update; the next one set is.
        Radio.setSharedInstance(nil)
        let last = Radio()
        last.station = "talk"
        Radio.setSharedInstance(last)
        #expect(try #require(await updates.next()).model().station == "talk")
    }

    @Test("a main-actor loop receives updates set from another task, the newest one last")
    @MainActor
    func mainActorLoop() async throws {
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Dial.self)
        let updates = Dial.sharedUpdates
        let setter = Task.detached {
            for level in 1...5 {
                let dial = Dial()
                dial.level = level
                Dial.setSharedInstance(dial)
            }
        }
        var seen: [Int] = []
        for await update in updates {
            let level = try update.model().level
            seen.append(level)
            if level == 5 { break }
        }
        await setter.value
        #expect(seen.last == 5)
        #expect(seen == seen.sorted())
    }

    @Test("a sequence ends when its task is cancelled")
    func cancellation() async throws {
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Knob.self)
        let updates = Knob.sharedUpdates
        let reader = Task {
            var count = 0
            for await _ in updates { count += 1 }
            return count
        }
        reader.cancel()
        #expect(await reader.value == 0)
    }
}

/// An `@Observable` model whose shared-instance updates are read (synthesized coding keys,
/// `init(from:)` written as Swift synthesizes it).
@Observable
final class Radio: TestModel {
    var station = "off"

    init() {}

    init(from decoder: any Decoder) throws {
        station = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: ._station)
    }
}

/// A plain model set from a detached task while the main actor reads its updates.
final class Dial: TestModel {
    var level = 0
    init() {}
}

/// A model nothing updates: its sequence only ends.
final class Knob: TestModel {
    var turns = 0
    init() {}
}
