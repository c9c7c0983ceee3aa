/// How large the last archive of a root type was, so the next encode of that type sizes its
/// output buffer and tables once instead of growing them step by step (or clearing kilobytes
/// for a two-field value).
struct ArchiveSizeHint: Equatable, Sendable {
    /// Bytes of the archive.
    var bytes = 0
    /// Strings it recorded in the string table.
    var strings = 0
    /// Class instances it remembered for aliasing.
    var instances = 0

    /// The first buffer's size: the last size and some room, at least 256 bytes, at most 64 MiB
    /// (a rare giant archive should not make every later call reserve as much).
    var bufferCapacity: Int { min(max(bytes + bytes / 8 + 64, Self.smallestBuffer), 64 << 20) }
    /// The smallest first buffer, also the block a writer starts anew with after handing its bytes over.
    static let smallestBuffer = 256
    /// The string table's first capacity, 8 … 2²⁰.
    var stringCapacity: Int { min(max(strings, 8), 1 << 20) }
    /// The instance table's first capacity, 8 … 2²⁰ (allocated only once an instance is met).
    var instanceCapacity: Int { min(max(instances, 8), 1 << 20) }
}
