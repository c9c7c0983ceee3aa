/// The 20-byte v3 header: identifier, version, and the three table sizes (spec §2).
struct FastCodingHeader {
    /// `'FAST'` stored little-endian, which reads as "TSAF".
    static let identifier: UInt32 = 0x4641_5354
    static let majorVersion: UInt16 = 3
    static let minorVersion: UInt16 = 3
    /// Offset of the root chunk in a v3 file.
    static let size = 20

    var objectCount: UInt32
    var classCount: UInt32
    var stringCount: UInt32

    /// `true` when `bytes` start with the identifier and a major version this reader accepts.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var reader = ByteReader(bytes)
        guard let magic = try? reader.read(UInt32.self, "identifier"),
            let major = try? reader.read(UInt16.self, "major version")
        else { return false }
        return magic == identifier && (major == 2 || major == 3)
    }

    /// Reads and checks the header, leaving `reader` at the root chunk.
    static func read(from reader: inout ByteReader) throws(FastCodingError) -> FastCodingHeader {
        guard reader.count >= 8 else { throw .tooShort(length: reader.count, needed: 8) }
        guard try reader.read(UInt32.self, "the identifier") == identifier else { throw .badIdentifier }
        let major = try reader.read(UInt16.self, "the major version")
        let minor = try reader.read(UInt16.self, "the minor version")
        guard major == majorVersion else { throw .unsupportedVersion(major: major, minor: minor) }
        guard reader.count >= size else { throw .tooShort(length: reader.count, needed: size) }
        return FastCodingHeader(
            objectCount: try reader.read(UInt32.self, "the object count"),
            classCount: try reader.read(UInt32.self, "the class count"),
            stringCount: try reader.read(UInt32.self, "the string count"))
    }

    /// Writes a header with zero counts; ``patch(into:)`` fills them in at the end.
    static func writePlaceholder(to writer: borrowing ByteWriter) {
        writer.write(identifier)
        writer.write(majorVersion)
        writer.write(minorVersion)
        writer.write(UInt32(0))
        writer.write(UInt32(0))
        writer.write(UInt32(0))
    }

    func patch(into writer: borrowing ByteWriter) {
        writer.patch(objectCount, at: 8)
        writer.patch(classCount, at: 12)
        writer.patch(stringCount, at: 16)
    }
}
