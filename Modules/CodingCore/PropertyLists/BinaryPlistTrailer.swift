/// The 32-byte trailer of a binary property list (`bplist00`): the sizes of its integers, its
/// object count, its top object and where its offset table is, each checked against the bytes
/// that are really there, as CoreFoundation checks them.
///
/// Every reader of binary property lists in the suite starts here, so that a file is accepted
/// or refused alike by each of them. Once this is made, every object's offset-table entry lies
/// inside the file; ``objectOffset(_:in:)`` reads one and checks that it points into the object
/// area.
@usableFromInline package struct BinaryPlistTrailer: Sendable {
    /// What comes before the objects: the magic `bplist00`.
    @usableFromInline package static let headerSize = 8
    package static let size = 32

    /// The width of each offset-table entry, 1 to 8 bytes.
    @usableFromInline package let offsetSize: Int
    /// The width of each object reference inside arrays and dictionaries, 1 to 8 bytes.
    @usableFromInline package let referenceSize: Int
    @usableFromInline package let objectCount: Int
    package let topObject: Int
    /// Where the offset table starts, which is also where the object area ends.
    @usableFromInline package let offsetTableStart: Int

    /// Reads and checks the trailer at the end of `bytes` (the whole file, header included).
    ///
    /// - Parameter maximumObjectCount: the most objects the caller can hold.
    /// - Throws: ``PlistFault`` at the trailer field that does not fit the file.
    package init(_ bytes: UnsafeRawBufferPointer, maximumObjectCount: Int = .max) throws(PlistFault) {
        guard bytes.count >= Self.headerSize + 1 + Self.size else {
            throw PlistFault(
                offset: 0, reason: "\(bytes.count) bytes are too short for a header, one object and a trailer")
        }
        let trailer = bytes.count - Self.size
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let tableOffset = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize) else {
            throw PlistFault(offset: trailer + 6, reason: "offset size \(offsetSize) is not 1...8")
        }
        guard (1...8).contains(referenceSize) else {
            throw PlistFault(offset: trailer + 7, reason: "reference size \(referenceSize) is not 1...8")
        }
        guard count >= 1, count <= UInt64(trailer - Self.headerSize), count <= UInt64(maximumObjectCount) else {
            throw PlistFault(offset: trailer + 8, reason: "object count \(count) does not fit the file")
        }
        guard top < count else {
            throw PlistFault(
                offset: trailer + 16, reason: "top object \(top) is not below the object count \(count)")
        }
        guard referenceSize >= 8 || count <= UInt64(1) << UInt64(8 * referenceSize) else {
            throw PlistFault(
                offset: trailer + 7, reason: "reference size \(referenceSize) cannot address \(count) objects")
        }
        // `count` is at most the file's length (checked above), so the product cannot overflow.
        let tableLength = count * UInt64(offsetSize)
        guard tableOffset >= UInt64(Self.headerSize), tableOffset <= UInt64(trailer),
            tableLength <= UInt64(trailer) - tableOffset
        else {
            throw PlistFault(
                offset: trailer + 24,
                reason: "offset table at \(tableOffset) (\(count) × \(offsetSize) bytes) does not fit the file")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(tableOffset)
    }

    /// The trailer an unfinished file will have, for reading back what a writer has written:
    /// its objects end at `objectAreaEnd` (the bytes written so far).
    init(objectAreaEnd: Int, referenceSize: Int, objectCount: Int) {
        offsetSize = 8
        self.referenceSize = referenceSize
        self.objectCount = objectCount
        topObject = 0
        offsetTableStart = objectAreaEnd
    }

    /// Where object `index` starts, from the offset table in `bytes` (the bytes this trailer
    /// was read from).
    ///
    /// Readers call this for every object they visit, so it is inlined into them.
    ///
    /// - Throws: ``PlistFault`` when `index` is not an object of the file, or its offset
    ///   points outside the object area.
    @inlinable @inline(__always)
    package func objectOffset(_ index: Int, in bytes: UnsafeRawBufferPointer) throws(PlistFault) -> Int {
        guard index >= 0, index < objectCount else { throw outOfRange(index) }
        let entry = offsetTableStart + index * offsetSize
        let offset = Self.bigEndian(bytes, at: entry, size: offsetSize)
        guard offset >= UInt64(Self.headerSize), offset < UInt64(offsetTableStart) else {
            throw outside(offset, of: index, at: entry)
        }
        return Int(offset)
    }

    @usableFromInline
    func outOfRange(_ index: Int) -> PlistFault {
        PlistFault(
            offset: offsetTableStart, reason: "object reference \(index) is out of range (\(objectCount) objects)")
    }

    @usableFromInline
    func outside(_ offset: UInt64, of index: Int, at entry: Int) -> PlistFault {
        PlistFault(offset: entry, reason: "offset \(offset) of object \(index) is outside the object area")
    }

    /// A big-endian unsigned integer of `size` bytes at `offset` (in bounds: checked by the caller).
    @inlinable @inline(__always)
    package static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
