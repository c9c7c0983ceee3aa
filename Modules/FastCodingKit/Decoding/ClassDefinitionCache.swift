import Foundation

/// Class definitions read before, by their exact bytes, shared by all decodes.
///
/// A small archive is mostly its class definitions, and making their name and key strings
/// again for every decode costs more than reading the values. A definition chunk whose bytes
/// (and alignment, which decides where its key count starts) equal those of one read before is
/// taken from here; such bytes were fully checked, UTF-8 included, when they were first read.
/// Guarded by a lock; bounded (starts over when full).
final class ClassDefinitionCache: @unchecked Sendable {
    /// A parsed definition.
    struct Definition {
        let name: String
        let keys: [String]
    }

    private struct Entry {
        let bytes: [UInt8]
        let alignment: Int
        let definition: Definition
    }

    /// The cache every decoder shares.
    static let shared = ClassDefinitionCache()

    private let lock = NSLock()
    // Guarded by `lock`.
    @exclusivity(unchecked) private var entries: [UInt64: Entry] = [:]
    private let limit: Int

    init(limit: Int = 1024) {
        self.limit = limit
    }

    /// The definition read before from exactly `bytes` starting at an offset ≡ `alignment` (mod 4).
    func definition(for bytes: UnsafeRawBufferPointer, alignment: Int) -> Definition? {
        let hash = Self.hash(bytes, alignment: alignment)
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[hash], entry.alignment == alignment, Self.equal(entry.bytes, bytes) else {
            return nil
        }
        return entry.definition
    }

    /// Keeps `definition`, read from `bytes` at an offset ≡ `alignment` (mod 4).
    func store(_ definition: Definition, for bytes: UnsafeRawBufferPointer, alignment: Int) {
        let hash = Self.hash(bytes, alignment: alignment)
        let entry = Entry(bytes: Array(bytes), alignment: alignment, definition: definition)
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[hash] = entry
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer, alignment: Int) -> UInt64 {
        StringTable.hash(bytes.assumingMemoryBound(to: UInt8.self), seed: StringTable.processSeed)
            ^ UInt64(truncatingIfNeeded: alignment)
    }

    private static func equal(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard stored.count == bytes.count else { return false }
        return stored.withUnsafeBytes { storedBytes in
            guard let left = storedBytes.baseAddress, let right = bytes.baseAddress else { return bytes.isEmpty }
            return memcmp(left, right, bytes.count) == 0
        }
    }
}
