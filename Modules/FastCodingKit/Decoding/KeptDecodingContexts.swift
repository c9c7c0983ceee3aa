import Foundation

/// Decoding contexts kept alive for the keyed containers that user code held on to past the
/// decode call.
///
/// A ``FastKeyedDecodingContainer`` refers to its context without retaining it: the standard
/// library's box copies the container on every `decode(_:forKey:)`, and a retained reference
/// would cost a retain and a release per property. While a decode runs, the decode call holds
/// the context. When it ends, the context checks which of the containers it handed out are
/// still held elsewhere (an `init(from:)` may store one); if any is, the context is kept here,
/// emptied and detached from the input, so that using such a container throws instead of
/// reading freed memory. Each time another context is kept, those whose containers have all
/// been released meanwhile are let go, so the list holds no more than what user code still
/// keeps. A decode whose containers all stayed inside it never touches this list.
final class KeptDecodingContexts: @unchecked Sendable {
    static let shared = KeptDecodingContexts()

    private struct Entry {
        let context: AnyObject
        var containers: [AnyObject]
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [Entry] = []

    /// Keeps `context` while anything besides this list holds one of `containers` (their boxes).
    func keep(_ context: AnyObject, whileHeld containers: [AnyObject]) {
        lock.lock()
        defer { lock.unlock() }
        releaseUnheld()
        entries.append(Entry(context: context, containers: containers))
    }

    /// Lets go of the contexts none of whose containers anything else holds any more. The
    /// caller holds the lock.
    private func releaseUnheld() {
        var index = entries.count - 1
        while index >= 0 {
            // Through a buffer pointer, as in ``KeyedContainerCache/heldElsewhere()``.
            let stillHeld = entries[index].containers.withUnsafeMutableBufferPointer { boxes in
                boxes.indices.contains { !isKnownUniquelyReferenced(&boxes[$0]) }
            }
            if !stillHeld { entries.remove(at: index) }
            index -= 1
        }
    }
}
