import Foundation

/// Refuses binary property lists holding sets before Foundation parses them.
///
/// No format of this kit writes sets, and corelibs Foundation's `PropertyListSerialization`
/// crashes while bridging a set whose elements did not parse (found by the `basemodel-json`
/// fuzz target). The screen reads only the trailer and the object table's marker bytes, with
/// every offset bounds-checked; a table it cannot follow is left to Foundation, which rejects it.
enum BinaryPropertyListScreen {
    struct SetFound: Error, CustomStringConvertible {
        var description: String { "the binary property list holds a set, which no model format writes" }
    }

    static func check(_ data: Data) throws {
        guard data.starts(with: Array("bplist00".utf8)), data.count >= 8 + 32 else { return }
        let bytes = [UInt8](data)
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize),
            let count = readInteger(bytes, at: trailer + 8, size: 8),
            let table = readInteger(bytes, at: trailer + 24, size: 8),
            count <= UInt64(trailer), table <= UInt64(trailer)
        else { return }
        let objectCount = Int(count)
        let tableStart = Int(table)
        guard tableStart + objectCount * offsetSize <= trailer else { return }
        for index in 0..<objectCount {
            guard let offset = readInteger(bytes, at: tableStart + index * offsetSize, size: offsetSize),
                offset < UInt64(trailer)
            else { continue }
            if bytes[Int(offset)] >> 4 == 0xC { throw SetFound() }
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, or `nil` past the end.
    private static func readInteger(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64? {
        guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
        return bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
