import ArchiveInspection
import Foundation

/// How the demo shows a file: its path, size and format, recognised from its first bytes, and
/// the start of its text when it is text.
enum FileSummary {
    private static let signatures: [(magic: [UInt8], format: String)] = [
        (Array("CCKE".utf8), "CryptoCodingKit encrypted envelope"),
        (Array("TSAF".utf8), "FastCoding"),
        (Array("KSTORE".utf8), "KeychainStore file (encrypted items)"),
        (Array("bplist00".utf8), "binary property list"),
        (Array("<?xml".utf8), "XML property list"),
        (Array("{".utf8), "JSON"),
    ]

    /// Prints `file`'s summary; archives are also shown as `archive-tool inspect` shows them,
    /// decrypted with `password` when they are encrypted.
    static func print(_ file: URL, relativeTo folder: URL, password: (() throws -> String)? = nil) throws {
        let name = String(file.path.dropFirst(folder.path.count + 1))
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Swift.print("\n\(name): not written")
            return
        }
        let bytes = [UInt8](data)
        let format = signatures.first { bytes.starts(with: $0.magic) }?.format ?? "other"
        Swift.print("\n\(name): \(data.count) bytes, \(format)")
        if format == "JSON" || format == "XML property list" {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines.prefix(12) { Swift.print("    \(line)") }
            if lines.count > 12 { Swift.print("    … \(lines.count - 12) more lines") }
        } else {
            let head = bytes.prefix(16)
            let hex = head.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
            let text = String(head.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
            Swift.print("    \(hex)  \(text)")
            if format == "FastCoding" || format.hasPrefix("CryptoCodingKit") {
                printInspection(of: data, password: password)
            }
        }
    }

    /// What `archive-tool inspect` prints for the archive (through the same ArchiveInspection code).
    private static func printInspection(of data: Data, password: (() throws -> String)?) {
        Swift.print("    $ archive-tool inspect")
        do {
            let lines = try ArchiveInspector.inspect(data: data, password: password).render()
                .split(separator: "\n")
            for line in lines.prefix(16) { Swift.print("    \(line)") }
            if lines.count > 16 { Swift.print("    … \(lines.count - 16) more lines") }
        } catch {
            Swift.print("    cannot inspect: \(error)")
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
