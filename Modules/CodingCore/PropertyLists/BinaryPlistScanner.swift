/// Reads the objects of a binary property list (`bplist0x`) one at a time, bounds-checked: the
/// one place in the suite that knows the format's markers.
///
/// Readers ask for the object an offset-table entry points at and build what they need from
/// it (a keyed archive's flat tables, an HRCoder tree, a legacy file's outer archive). Every
/// count, payload and reference run is checked to lie inside the object area before it is
/// returned, so a reader never reads outside the input; nesting, sharing and overlapping
/// objects are the reader's to bound, since what is safe depends on what it builds.
///
/// The scanner is inlined into each reader (it is on every object's path), so it holds no
/// storage of its own: a view of the caller's bytes and their trailer.
@usableFromInline package struct BinaryPlistScanner {
    @usableFromInline package let bytes: UnsafeRawBufferPointer
    @usableFromInline package let trailer: BinaryPlistTrailer

    /// Checks the header and the trailer of `bytes` (the whole file).
    ///
    /// - Parameter maximumObjectCount: the most objects the caller can hold.
    /// - Throws: ``PlistFault`` when the header is missing or the trailer does not fit.
    package init(_ bytes: UnsafeRawBufferPointer, maximumObjectCount: Int = .max) throws(PlistFault) {
        guard Self.looksLikeBinary(bytes) else {
            throw PlistFault(offset: 0, reason: "missing the bplist0 header")
        }
        self.bytes = bytes
        trailer = try BinaryPlistTrailer(bytes, maximumObjectCount: maximumObjectCount)
    }

    /// A scanner of objects whose trailer is known rather than read: a writer's own output.
    init(bytes: UnsafeRawBufferPointer, trailer: BinaryPlistTrailer) {
        self.bytes = bytes
        self.trailer = trailer
    }

    /// Whether `bytes` start with a binary property list's header, `bplist0`.
    @inlinable
    package static func looksLikeBinary(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.starts(with: "bplist0".utf8)
    }

    /// Where object `index` starts (inside the object area).
    @inlinable @inline(__always)
    package func offset(ofObject index: Int) throws(PlistFault) -> Int {
        try trailer.objectOffset(index, in: bytes)
    }

    /// The object reference stored at byte `position` of a container's reference run (which
    /// ``object(at:)`` checked lies in the object area).
    ///
    /// - Throws: ``PlistFault`` when the reference names no object of the file.
    @inlinable @inline(__always)
    package func reference(at position: Int) throws(PlistFault) -> Int {
        let reference = BinaryPlistTrailer.bigEndian(bytes, at: position, size: trailer.referenceSize)
        guard reference < UInt64(trailer.objectCount) else { throw outOfRange(reference, at: position) }
        return Int(reference)
    }

    /// Whether the object at `offset` (an offset ``offset(ofObject:)`` returned) is a set,
    /// from its marker alone: its payload is not read.
    package func isSet(at offset: Int) -> Bool { bytes[offset] >> 4 == 0xC }

    /// The `count` object references from byte `start` (a container's run, which
    /// ``object(at:)`` checked lies in the object area).
    ///
    /// - Throws: ``PlistFault`` when a reference names no object of the file.
    package func references(from start: Int, count: Int) throws(PlistFault) -> [Int] {
        var references: [Int] = []
        references.reserveCapacity(count)
        for index in 0..<count { references.append(try reference(at: start + index * trailer.referenceSize)) }
        return references
    }

    /// The object whose marker is at `offset`, and where its payload ends.
    ///
    /// - Throws: ``PlistFault`` at the marker for an unknown marker, a count that does
    ///   not fit, a payload that runs past the object area or a NaN date.
    @inlinable
    package func object(at offset: Int) throws(PlistFault) -> (object: BinaryPlistObject, end: Int) {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return (.null, offset + 1)
            case 0x08: return (.bool(false), offset + 1)
            case 0x09: return (.bool(true), offset + 1)
            default: throw unknown(marker, at: offset)
            }
        case 0x1:
            guard low <= 4 else { throw unsupported("integer of 2^\(low) bytes", at: offset) }
            let width = 1 << low
            let end = try payload(from: offset + 1, length: width, marker: offset, "\(width)-byte integer")
            guard width == 16 else {
                let raw = BinaryPlistTrailer.bigEndian(bytes, at: offset + 1, size: width)
                // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
                return (.integer(width == 8 ? Int64(bitPattern: raw) : Int64(raw), width: width), end)
            }
            let high = BinaryPlistTrailer.bigEndian(bytes, at: offset + 1, size: 8)
            let low = BinaryPlistTrailer.bigEndian(bytes, at: offset + 9, size: 8)
            let fits = high == 0 && low <= UInt64(Int64.max) || high == UInt64.max && low > UInt64(Int64.max)
            return (fits ? .integer(Int64(bitPattern: low), width: 16) : .wideInteger(high: high, low: low), end)
        case 0x2:
            guard low == 2 || low == 3 else { throw unsupported("real of 2^\(low) bytes", at: offset) }
            let width = 1 << low
            let end = try payload(from: offset + 1, length: width, marker: offset, "\(width)-byte real")
            let raw = BinaryPlistTrailer.bigEndian(bytes, at: offset + 1, size: width)
            let value =
                width == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
            return (.real(value, width: width), end)
        case 0x3:
            guard marker == 0x33 else { throw unsupported("date of 2^\(low) bytes", at: offset) }
            let end = try payload(from: offset + 1, length: 8, marker: offset, "date")
            let seconds = Double(bitPattern: BinaryPlistTrailer.bigEndian(bytes, at: offset + 1, size: 8))
            guard !seconds.isNaN else { throw notANumber(at: offset) }
            return (.date(seconds), end)
        case 0x4:
            let (length, start) = try count(at: offset, marker: marker)
            let end = try payload(from: start, length: length, marker: offset, "data")
            return (.data(start..<end), end)
        case 0x5:
            let (length, start) = try count(at: offset, marker: marker)
            let end = try payload(from: start, length: length, marker: offset, "ASCII string")
            return (.asciiString(start..<end), end)
        case 0x6:
            let (units, start) = try count(at: offset, marker: marker)
            let end = try payload(from: start, length: 2 * units, marker: offset, "UTF-16 string")
            return (.utf16String(start..<end), end)
        case 0x7:
            let (length, start) = try count(at: offset, marker: marker)
            let end = try payload(from: start, length: length, marker: offset, "UTF-8 string")
            return (.utf8String(start..<end), end)
        case 0x8:
            let end = try payload(from: offset + 1, length: low + 1, marker: offset, "UID")
            return (.uid(BinaryPlistTrailer.bigEndian(bytes, at: offset + 1, size: low + 1)), end)
        case 0xA:
            let (count, start) = try count(at: offset, marker: marker)
            let end = try payload(from: start, length: count * trailer.referenceSize, marker: offset, "array")
            return (.array(references: start, count: count), end)
        case 0xC:
            let (count, start) = try count(at: offset, marker: marker)
            let end = try payload(from: start, length: count * trailer.referenceSize, marker: offset, "set")
            return (.set(references: start, count: count), end)
        case 0xD:
            let (count, start) = try count(at: offset, marker: marker)
            let end = try payload(from: start, length: 2 * count * trailer.referenceSize, marker: offset, "dictionary")
            return (.dictionary(references: start, count: count), end)
        default:
            throw unknown(marker, at: offset)
        }
    }

    /// The element count of the object whose marker is at `offset`, and where its payload
    /// starts: the marker's low nibble, or the integer after it when that nibble is 0xF.
    /// Counts are at most the object area's length, so payload lengths made from them cannot
    /// overflow.
    @inlinable @inline(__always)
    func count(at offset: Int, marker: UInt8) throws(PlistFault) -> (count: Int, start: Int) {
        let low = Int(marker & 0x0F)
        guard low == 0x0F else { return (low, offset + 1) }
        let end = trailer.offsetTableStart
        let countMarker = offset + 1
        guard countMarker < end, bytes[countMarker] & 0xF0 == 0x10, bytes[countMarker] & 0x0F <= 3 else {
            throw invalidCount(after: marker, at: offset)
        }
        let size = 1 << Int(bytes[countMarker] & 0x0F)
        guard size <= end - countMarker - 1 else { throw countPastEnd(at: countMarker) }
        let value = BinaryPlistTrailer.bigEndian(bytes, at: countMarker + 1, size: size)
        guard value <= UInt64(end) else { throw countTooLarge(value, at: offset) }
        return (Int(value), countMarker + 1 + size)
    }

    /// Where a payload of `length` bytes from `start` ends, when it ends inside the object area.
    /// `what` is an autoclosure: the message is built only when the check fails.
    @inlinable @inline(__always)
    func payload(
        from start: Int, length: Int, marker: Int, _ what: @autoclosure () -> String
    ) throws(PlistFault) -> Int {
        let end = trailer.offsetTableStart
        guard start <= end, length <= end - start else { throw pastObjectArea(what(), length: length, at: marker) }
        return start + length
    }
}

// Faults are made out of line: they are on no object's usual path.
extension BinaryPlistScanner {
    @usableFromInline
    func outOfRange(_ reference: UInt64, at position: Int) -> PlistFault {
        PlistFault(
            offset: position,
            reason: "object reference \(reference) is out of range (\(trailer.objectCount) objects)")
    }

    @usableFromInline
    func unknown(_ marker: UInt8, at offset: Int) -> PlistFault {
        PlistFault(offset: offset, reason: "unknown type byte 0x\(String(marker, radix: 16))")
    }

    @usableFromInline
    func unsupported(_ what: String, at offset: Int) -> PlistFault {
        PlistFault(offset: offset, reason: "\(what) is not supported")
    }

    @usableFromInline
    func notANumber(at offset: Int) -> PlistFault {
        PlistFault(offset: offset, reason: "date whose seconds are not a number (NaN)")
    }

    @usableFromInline
    func invalidCount(after marker: UInt8, at offset: Int) -> PlistFault {
        PlistFault(offset: offset, reason: "invalid count marker after type byte 0x\(String(marker, radix: 16))")
    }

    @usableFromInline
    func countPastEnd(at offset: Int) -> PlistFault {
        PlistFault(offset: offset, reason: "count runs into the offset table")
    }

    @usableFromInline
    func countTooLarge(_ count: UInt64, at offset: Int) -> PlistFault {
        PlistFault(
            offset: offset,
            reason: "count \(count) cannot fit in the \(trailer.offsetTableStart - offset) bytes that remain")
    }

    @usableFromInline
    func pastObjectArea(_ what: String, length: Int, at offset: Int) -> PlistFault {
        PlistFault(offset: offset, reason: "\(what) of \(length) bytes runs past the object area")
    }
}
