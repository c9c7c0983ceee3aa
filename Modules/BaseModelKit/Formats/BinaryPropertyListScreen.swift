import CodingCore
import Foundation

/// Refuses binary property lists holding sets before Foundation parses them.
///
/// No format of this kit writes sets, and corelibs Foundation's `PropertyListSerialization`
/// crashes while bridging a set whose elements did not parse (found by the `basemodel-json`
/// fuzz target). The screen reads only the trailer and offset table (through CodingCore's
/// checked `BinaryPlistScanner`) and asks the scanner whether each object's marker is a set's;
/// a table it cannot follow is left to Foundation, which rejects it.
enum BinaryPropertyListScreen {
    struct SetFound: Error, CustomStringConvertible {
        var description: String { "the binary property list holds a set, which no model format writes" }
    }

    static func check(_ data: Data) throws {
        guard data.starts(with: Array("bplist00".utf8)) else { return }
        let bytes = [UInt8](data)
        try bytes.withUnsafeBytes { bytes in
            guard let scanner = try? BinaryPlistScanner(bytes) else { return }
            for index in 0..<scanner.trailer.objectCount {
                guard let offset = try? scanner.offset(ofObject: index) else { continue }
                if scanner.isSet(at: offset) { throw SetFound() }
            }
        }
    }
}
