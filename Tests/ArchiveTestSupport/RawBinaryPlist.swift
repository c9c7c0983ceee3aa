/// Binary property lists assembled byte by byte, for tests of the readers: each object is
/// given as its raw bytes (marker and payload), so any marker, count or reference a test needs
/// can be written, valid or not.
public enum RawBinaryPlist {
    /// A `bplist00` of `objects` (raw bytes each), with one-byte offsets (the objects must fit
    /// in 255 bytes) and `referenceSize`-byte references.
    public static func bytes(_ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes +=
            [0, 0, 0, 0, 0, 0, 1, referenceSize] + bigEndian(UInt64(objects.count)) + bigEndian(top)
            + bigEndian(UInt64(table))
        return bytes
    }

    /// `value` in eight bytes, most significant first.
    public static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}
