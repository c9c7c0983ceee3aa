import Foundation

/// Writes an ``HRValue`` tree as JSON text: keys sorted, compact or pretty-printed.
///
/// Dates and data are written in their tagged-dictionary form (see ``HRValue/jsonCompatible``)
/// without building that tree first. `/` is not escaped; non-ASCII text is written as UTF-8.
struct HRJSONWriter {
    private(set) var bytes: [UInt8] = []
    private let prettyPrinted: Bool

    /// A number JSON has no spelling for. Its key path is gathered while the error unwinds
    /// (innermost component first), so writing keeps no path of its own.
    private struct Unrepresentable: Error {
        var reversedPath: [String] = []
        let reason: String
    }

    init(prettyPrinted: Bool, capacity: Int = 4096) {
        self.prettyPrinted = prettyPrinted
        bytes.reserveCapacity(capacity)
    }

    /// The JSON text of `value`.
    static func data(for value: HRValue, prettyPrinted: Bool) throws -> Data {
        var writer = HRJSONWriter(prettyPrinted: prettyPrinted)
        do {
            try writer.write(value, indent: 0)
        } catch let error as Unrepresentable {
            throw HRCoderError.unrepresentable(
                path: HRKeyPath.description(Array(error.reversedPath.reversed())), reason: error.reason)
        }
        if prettyPrinted { writer.bytes.append(UInt8(ascii: "\n")) }
        return Data(writer.bytes)
    }

    mutating func write(_ value: HRValue, indent: Int) throws {
        switch value {
        case let .string(text): writeString(text)
        case let .integer(number): bytes.append(contentsOf: String(number).utf8)
        case let .wideInteger(number): bytes.append(contentsOf: number.description.utf8)
        case let .real(number):
            guard number.isFinite else { throw Unrepresentable(reason: "JSON has no spelling for \(number)") }
            bytes.append(contentsOf: number.description.utf8)
        case let .bool(flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        // The tagged forms of `HRValue.taggedDate`/`taggedData`, keys already in sorted order.
        case let .date(date):
            try writeObject(
                [(HRValue.classKey, .string("NSDate")), ("NS.time", .real(date.timeIntervalSinceReferenceDate))],
                indent: indent)
        case let .data(data):
            try writeObject(
                [(HRValue.classKey, .string("NSData")), (HRValue.dataKey, .string(data.base64EncodedString()))],
                indent: indent)
        case let .array(items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                do {
                    try write(item, indent: indent + 1)
                } catch var error as Unrepresentable {
                    error.reversedPath.append(String(index))
                    throw error
                }
            }
            if !items.isEmpty { newline(indent) }
            bytes.append(UInt8(ascii: "]"))
        case let .dictionary(entries):
            try writeObject(entries.sorted(by: { $0.key < $1.key }), indent: indent)
        }
    }

    /// An object whose entries are already in the order to write them.
    private mutating func writeObject(_ entries: [(key: String, value: HRValue)], indent: Int) throws {
        bytes.append(UInt8(ascii: "{"))
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            newline(indent + 1)
            writeString(entry.key)
            bytes.append(UInt8(ascii: ":"))
            if prettyPrinted { bytes.append(UInt8(ascii: " ")) }
            do {
                try write(entry.value, indent: indent + 1)
            } catch var error as Unrepresentable {
                error.reversedPath.append(entry.key)
                throw error
            }
        }
        if !entries.isEmpty { newline(indent) }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func newline(_ indent: Int) {
        guard prettyPrinted else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            while true {
                let index = SpecialByteScan.firstJSONSpecial(in: base, from: start, to: utf8.count)
                guard index < utf8.count else { break }
                let byte = base[index]
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
                start = index + 1
                switch byte {
                case 0x22: bytes.append(contentsOf: "\\\"".utf8)
                case 0x5C: bytes.append(contentsOf: "\\\\".utf8)
                case 0x0A: bytes.append(contentsOf: "\\n".utf8)
                case 0x0D: bytes.append(contentsOf: "\\r".utf8)
                case 0x09: bytes.append(contentsOf: "\\t".utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: "\\u00".utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: utf8.count - start))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
