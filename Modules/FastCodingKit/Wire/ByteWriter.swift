import CodingCore
import Foundation

/// A growable little-endian byte buffer that the encoders write into.
///
/// A noncopyable handle to state behind a pointer: passing it around costs no reference
/// counting and hot writes pay no exclusivity checks. Every write reserves its space first, so
/// it stays within bounds. The bytes live in a `malloc` block, so growing is a `realloc`.
struct ByteWriter: ~Copyable {
    private struct Storage {
        var base: UnsafeMutableRawPointer
        var capacity: Int
        var count: Int
    }

    private let storage: UnsafeMutablePointer<Storage>

    init(capacity: Int = 4096) {
        storage = .allocate(capacity: 1)
        let initial = max(capacity, 64)
        storage.initialize(to: Storage(base: Self.allocate(initial), capacity: initial, count: 0))
    }

    deinit {
        free(storage.pointee.base)
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Bytes written so far (= the absolute offset of the next byte).
    var count: Int { storage.pointee.count }

    /// Forgets everything after `count` (used to roll back a partly written object).
    func truncate(to count: Int) {
        storage.pointee.count = min(count, storage.pointee.count)
    }

    @inline(__always)
    private func reserve(_ size: Int) -> UnsafeMutableRawPointer {
        let state = storage
        if state.pointee.capacity - state.pointee.count < size { grow(size) }
        let pointer = state.pointee.base + state.pointee.count
        state.pointee.count += size
        return pointer
    }

    private func grow(_ size: Int) {
        var capacity = storage.pointee.capacity * 2
        while capacity - storage.pointee.count < size { capacity *= 2 }
        guard let base = realloc(storage.pointee.base, capacity) else { Self.outOfMemory(capacity) }
        storage.pointee.base = base
        storage.pointee.capacity = capacity
    }

    private static func allocate(_ byteCount: Int) -> UnsafeMutableRawPointer {
        guard let base = malloc(byteCount) else { outOfMemory(byteCount) }
        return base
    }

    private static func outOfMemory(_ byteCount: Int) -> Never {
        fatalError("ByteWriter: cannot allocate \(byteCount) bytes")
    }

    /// Zeroes the few bytes of an alignment gap in place (a `memset` call costs more than they do).
    @inline(__always)
    private static func zero(_ pointer: UnsafeMutableRawPointer, count: Int) {
        for offset in 0..<count { pointer.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self) }
    }

    @inline(__always)
    func writeByte(_ byte: UInt8) {
        reserve(1).storeBytes(of: byte, as: UInt8.self)
    }

    /// Appends zero bytes until the absolute offset is a multiple of `alignment`.
    @inline(__always)
    func pad(_ alignment: Int) {
        let padding = (alignment - count % alignment) % alignment
        if padding > 0 { Self.zero(reserve(padding), count: padding) }
    }

    @inline(__always)
    func write<T: FixedWidthInteger>(_ value: T) {
        reserve(MemoryLayout<T>.size).storeBytes(of: value.littleEndian, as: T.self)
    }

    /// Pads to the value's size, then writes it.
    @inline(__always)
    func writeAligned<T: FixedWidthInteger>(_ value: T) {
        pad(MemoryLayout<T>.size)
        write(value)
    }

    /// Writes two bytes (a chunk type and its one-byte payload) with one bounds check.
    @inline(__always)
    func writeBytePair(_ first: UInt8, _ second: UInt8) {
        let pointer = reserve(2)
        pointer.storeBytes(of: first, as: UInt8.self)
        pointer.storeBytes(of: second, toByteOffset: 1, as: UInt8.self)
    }

    /// Writes a chunk type byte followed by padding and a value of the payload's width, with
    /// one bounds check.
    @inline(__always)
    func writeChunk<T: FixedWidthInteger>(_ type: ChunkType, _ value: T) {
        writeChunk(code: type.rawValue, value)
    }

    /// ``writeChunk(_:_:)`` with the type given by its code (for codes computed from a base).
    @inline(__always)
    func writeChunk<T: FixedWidthInteger>(code: UInt8, _ value: T) {
        let size = MemoryLayout<T>.size
        let padding = (0 &- (count + 1)) & (size - 1)
        let pointer = reserve(1 + padding + size)
        pointer.storeBytes(of: code, as: UInt8.self)
        if padding > 0 { Self.zero(pointer + 1, count: padding) }
        pointer.storeBytes(of: value.littleEndian, toByteOffset: 1 + padding, as: T.self)
    }

    /// Overwrites a `UInt32` written earlier at `offset` (element counts patched as they grow).
    func patch(_ value: UInt32, at offset: Int) {
        (storage.pointee.base + offset).storeBytes(of: value.littleEndian, as: UInt32.self)
    }

    /// The bytes written at `offset` (valid until the next write, which may move the buffer).
    @inline(__always)
    func bytes(at offset: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(storage.pointee.base + offset)
    }

    func read32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: (storage.pointee.base + offset).loadUnaligned(as: UInt32.self))
    }

    func writeBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count).copyMemory(from: source, byteCount: bytes.count)
    }

    /// Writes a string's UTF-8 bytes and a terminating NUL (callers reject embedded NULs).
    @inline(__always)
    func writeRawString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            let pointer = reserve(utf8.count + 1)
            if let source = utf8.baseAddress { pointer.copyMemory(from: source, byteCount: utf8.count) }
            pointer.storeBytes(of: 0, toByteOffset: utf8.count, as: UInt8.self)
        }
    }

    /// Writes a String chunk (type byte, bytes, NUL); `false` (and nothing written) when the
    /// string contains a NUL byte, which the format cannot hold.
    @inline(__always)
    func writeStringChunk(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if let source = utf8.baseAddress, (8...16).contains(utf8.count) {
            return writeShortStringChunk(UnsafeRawPointer(source), count: utf8.count)
        }
        if let source = utf8.baseAddress, !utf8.isEmpty, memchr(source, 0, utf8.count) != nil { return false }
        let pointer = reserve(utf8.count + 2)
        pointer.storeBytes(of: ChunkType.string.rawValue, as: UInt8.self)
        if let source = utf8.baseAddress { (pointer + 1).copyMemory(from: source, byteCount: utf8.count) }
        pointer.storeBytes(of: 0, toByteOffset: utf8.count + 1, as: UInt8.self)
        return true
    }

    /// A String chunk of 8 to 16 bytes, checked for NUL and copied as two (possibly overlapping)
    /// 8-byte words instead of by `memchr` and `memcpy` calls, which cost more than such a string.
    @inline(__always)
    private func writeShortStringChunk(_ source: UnsafeRawPointer, count: Int) -> Bool {
        let first = source.loadUnaligned(as: UInt64.self)
        let last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        guard !ByteWord.hasZeroByte(first) && !ByteWord.hasZeroByte(last) else { return false }
        let pointer = reserve(count + 2)
        pointer.storeBytes(of: ChunkType.string.rawValue, as: UInt8.self)
        pointer.storeBytes(of: first, toByteOffset: 1, as: UInt64.self)
        pointer.storeBytes(of: last, toByteOffset: count - 7, as: UInt64.self)
        pointer.storeBytes(of: 0, toByteOffset: count + 1, as: UInt8.self)
        return true
    }

    /// Writes data: pad 4, length, bytes, zero fill to a multiple of 4 (§7.2).
    func writeDataPayload(_ bytes: UnsafeRawBufferPointer) {
        writeAligned(UInt32(truncatingIfNeeded: bytes.count))
        writeBytes(bytes)
        pad(4)
    }

    /// Hands the bytes written over to a `Data` without copying them; the writer is empty afterwards.
    /// A buffer with much unused room is first cut to size: a small archive is copied into a
    /// block of its own (the large buffer goes back to the allocator at once, so the next
    /// encode reuses it), a large one is shrunk in place by `realloc`.
    func takeData() -> Data {
        var state = storage.pointee
        storage.pointee = Storage(
            base: Self.allocate(ArchiveSizeHint.smallestBuffer), capacity: ArchiveSizeHint.smallestBuffer, count: 0)
        if state.capacity - state.count > 4096 {
            if state.count <= 1 << 16 {
                let copy = Self.allocate(max(state.count, 1))
                copy.copyMemory(from: state.base, byteCount: state.count)
                free(state.base)
                state.base = copy
            } else if let shrunk = realloc(state.base, state.count) {
                state.base = shrunk
            }
        }
        return Data(bytesNoCopy: state.base, count: state.count, deallocator: .free)
    }

    /// Forgets the bytes written and makes room for at least `capacity` bytes.
    func removeAll(reservingCapacity capacity: Int) {
        storage.pointee.count = 0
        guard capacity > storage.pointee.capacity else { return }
        free(storage.pointee.base)
        storage.pointee.base = Self.allocate(capacity)
        storage.pointee.capacity = capacity
    }

    /// The bytes the buffer can hold before it grows.
    var capacity: Int { storage.pointee.capacity }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.pointee.base, count: storage.pointee.count))
    }
}
