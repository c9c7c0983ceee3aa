import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The growing output of a ``BinaryPlistWriter``: `malloc`ed bytes that grow with `realloc` and
/// are handed to `Data` without a copy.
///
/// A large archive outgrows the allocator's heap: an `Array` would then copy every byte into a
/// fresh mapping at each doubling (touching new pages each time) and `Data(array)` would copy
/// them once more. `realloc` moves a large mapping without copying (`mremap`), and ``take()``
/// gives the bytes to `Data` as they are. If memory runs out, further bytes are dropped and
/// ``take()`` returns `nil`, so the writer can throw instead of trapping.
final class PlistByteBuffer {
    // Written by one encode on one thread: no run-time exclusivity checks.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>?
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var exhausted = false

    /// The first byte, for reading back what was written; `nil` once memory ran out or the
    /// bytes were taken.
    var start: UnsafeRawPointer? { exhausted ? nil : base.map { UnsafeRawPointer($0) } }

    init(capacity: Int) {
        grow(toAtLeast: max(capacity, 64))
    }

    deinit {
        free(base)
    }

    /// Makes room for `capacity` bytes in all (doubling, so appends stay amortized constant).
    private func grow(toAtLeast needed: Int) {
        guard !exhausted else { return }
        var newCapacity = max(capacity, 64)
        while newCapacity < needed {
            let (doubled, overflow) = newCapacity.multipliedReportingOverflow(by: 2)
            newCapacity = overflow ? needed : doubled
        }
        guard let grown = realloc(base, newCapacity) else {
            exhausted = true
            return
        }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity {
            grow(toAtLeast: count + 1)
            guard count < capacity, let base else { return }
            base[count] = byte
        } else if let base {
            base[count] = byte
        } else {
            return
        }
        count += 1
    }

    func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty, let source = bytes.baseAddress else { return }
        let (needed, overflow) = count.addingReportingOverflow(bytes.count)
        guard !overflow else {
            exhausted = true
            return
        }
        if needed > capacity { grow(toAtLeast: needed) }
        guard needed <= capacity, let base else { return }
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count = needed
    }

    func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { append(contentsOf: UnsafeRawBufferPointer($0)) }
        if done == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// The bytes written, as `Data` that owns them (the buffer is empty afterwards), or `nil`
    /// when memory ran out while writing.
    func take() -> Data? {
        guard !exhausted, let base else { return nil }
        // Give back the unused tail (cheap: a large block shrinks in place).
        let owned = realloc(base, max(count, 1))?.assumingMemoryBound(to: UInt8.self) ?? base
        self.base = nil
        capacity = 0
        let length = count
        count = 0
        return Data(bytesNoCopy: owned, count: length, deallocator: .free)
    }
}
