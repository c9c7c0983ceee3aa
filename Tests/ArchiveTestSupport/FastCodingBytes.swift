import Foundation

/// Little-endian FastCoding v3 bytes, aligned as the format aligns (from the start of the file).
struct FastCodingBytes {
    private(set) var bytes: [UInt8] = Array("TSAF".utf8) + [3, 0, 3, 0] + Array(repeating: 0, count: 12)

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func aligned<T: FixedWidthInteger>(_ value: T) {
        let size = MemoryLayout<T>.size
        while bytes.count % size != 0 { bytes.append(0) }
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// A chunk code followed by an aligned 32-bit count.
    mutating func count(_ code: UInt8, _ count: Int) {
        byte(code)
        aligned(UInt32(count))
    }

    /// An index chunk (`code` is the 8-bit member of its family) in the narrowest width.
    mutating func alias(_ code: UInt8, _ index: Int) {
        if index <= 0xFF {
            bytes += [code, UInt8(index)]
        } else if index <= 0xFFFF {
            byte(code + 1)
            aligned(UInt16(index))
        } else {
            byte(code + 2)
            aligned(UInt32(index))
        }
    }

    mutating func rawString(_ string: String) {
        bytes += Array(string.utf8) + [0]
    }

    /// A String chunk (`08`).
    mutating func string(_ string: String) {
        byte(0x08)
        rawString(string)
    }

    func data(objects: Int, classes: Int, strings: Int) -> Data {
        var result = bytes
        for (position, count) in [(8, objects), (12, classes), (16, strings)] {
            withUnsafeBytes(of: UInt32(count).littleEndian) {
                result.replaceSubrange(position..<(position + 4), with: $0)
            }
        }
        return Data(result)
    }
}
