import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Uninitialised memory for an archive that becomes a `Data` without a copy.
///
/// Freshly mapped memory is paid for page by page on first touch; for a 64 MiB archive that
/// costs more than encrypting it. On Linux, large buffers are therefore 2 MiB-aligned and advised
/// for transparent huge pages, which cuts the page faults 512-fold where the system allows it.
enum ArchiveBuffer {
    /// Buffers from this size on are advised for huge pages.
    static let hugePageThreshold = 8 << 20
    private static let hugePageSize = 2 << 20

    /// `count` bytes (at least 1) to be freed with `free`, or `nil` when memory is exhausted.
    static func allocate(_ count: Int) -> UnsafeMutablePointer<UInt8>? {
        #if os(Linux)
            if count >= hugePageThreshold {
                var pointer: UnsafeMutableRawPointer?
                guard posix_memalign(&pointer, hugePageSize, count) == 0, let pointer else { return nil }
                _ = madvise(pointer, count, MADV_HUGEPAGE)  // advice only: fine if refused
                return pointer.assumingMemoryBound(to: UInt8.self)
            }
        #endif
        return malloc(max(count, 1))?.assumingMemoryBound(to: UInt8.self)
    }

    /// Hands `pointer` (from ``allocate(_:)``) to a `Data` that frees it.
    static func data(_ pointer: UnsafeMutablePointer<UInt8>, count: Int) -> Data {
        Data(bytesNoCopy: pointer, count: count, deallocator: .free)
    }
}
