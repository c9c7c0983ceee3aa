import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The growing output of a ``BinaryPlistWriter``: `malloc`ed bytes that grow with `realloc` and
/// are handed to `Data` without a copy. Writers inline its appends (they are on every byte's
/// path), so its storage is visible to them.
///
/// A large archive outgrows the allocator's heap: an `Array` would then copy every byte into a
/// fresh mapping at each doubling (touching new pages each time) and `Data(array)` would copy
/// them once more. `realloc` moves a large mapping without copying (`mremap`), and ``take()``
/// gives the bytes to `Data` as they are. If memory runs out, further bytes are dropped and
/// ``take()`` returns `nil`, so the writer can throw instead of trapping.
@usableFromInline package final class PlistByteBuffer {
    // Written by one encode on one thread: no run-time exclusivity checks.
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>?
    @usableFromInline @exclusivity(unchecked) var capacity = 0
    @usableFromInline @exclusivity(unchecked) var written = 0
    @usableFromInline @exclusivity(unchecked) var exhausted = false

    /// The number of bytes written.
    @inlinable package var count: Int { written }

    /// The first byte, for reading back what was written; `nil` once memory ran out or the
    /// bytes were taken.
    package var start: UnsafeRawPointer? { exhausted ? nil : base.map { UnsafeRawPointer($0) } }

    package init(capacity: Int) {
        grow(toAtLeast: max(capacity, 64))
    }

    deinit {
        free(base)
    }

    /// Makes room for `capacity` bytes in all (doubling, so appends stay amortized constant).
    @usableFromInline
    func grow(toAtLeast needed: Int) {
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

    @inlinable @inline(__always)
    package func append(_ byte: UInt8) {
        if written == capacity {
            grow(toAtLeast: written + 1)
            guard written < capacity, let base else { return }
            base[written] = byte
        } else if let base {
            base[written] = byte
        } else {
            return
        }
        written += 1
    }

    /// Makes `length` more bytes writable from ``count`` and returns where they start, or `nil`
    /// (nothing is written from then on) when memory ran out.
    @inlinable @inline(__always)
    func reserve(_ length: Int) -> UnsafeMutableRawPointer? {
        let (needed, overflow) = written.addingReportingOverflow(length)
        guard !overflow else {
            exhausted = true
            return nil
        }
        if needed > capacity { grow(toAtLeast: needed) }
        guard needed <= capacity, let base else { return nil }
        return UnsafeMutableRawPointer(base + written)
    }

    @inlinable
    package func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty, let source = bytes.baseAddress, let target = reserve(bytes.count) else { return }
        target.copyMemory(from: source, byteCount: bytes.count)
        written += bytes.count
    }

    /// Each of `numbers` (object references or offsets, all below 2^(8 × `width`)) in `width`
    /// bytes, most significant first: the tables that make up most of a large file, in one pass.
    @inlinable
    package func appendBigEndian(_ numbers: [Int], width: Int) {
        guard !numbers.isEmpty, let target = reserve(numbers.count &* width) else { return }
        var position = 0
        // `reserve` made `numbers.count * width` bytes writable from `target` (an array of Ints
        // is far below 2^60 elements, so the product cannot wrap); the stores are unaligned,
        // which `storeBytes` allows.
        for number in numbers {
            switch width {
            case 1: target.storeBytes(of: UInt8(truncatingIfNeeded: number), toByteOffset: position, as: UInt8.self)
            case 2:
                target.storeBytes(
                    of: UInt16(truncatingIfNeeded: number).bigEndian, toByteOffset: position, as: UInt16.self)
            case 4:
                target.storeBytes(
                    of: UInt32(truncatingIfNeeded: number).bigEndian, toByteOffset: position, as: UInt32.self)
            default:
                target.storeBytes(
                    of: UInt64(truncatingIfNeeded: number).bigEndian, toByteOffset: position, as: UInt64.self)
            }
            position &+= width
        }
        written += position
    }

    @inlinable
    package func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { append(contentsOf: UnsafeRawBufferPointer($0)) }
        if done == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// The bytes written, as `Data` that owns them (the buffer is empty afterwards), or `nil`
    /// when memory ran out while writing.
    package func take() -> Data? {
        guard !exhausted, let base else { return nil }
        // Give back the unused tail (cheap: a large block shrinks in place).
        let owned = realloc(base, max(written, 1))?.assumingMemoryBound(to: UInt8.self) ?? base
        self.base = nil
        capacity = 0
        let length = written
        written = 0
        return Data(bytesNoCopy: owned, count: length, deallocator: .free)
    }
}
