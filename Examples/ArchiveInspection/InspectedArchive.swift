import Foundation

/// An archive read by ``ArchiveInspector``: its format and its tree.
package struct InspectedArchive {
    /// The detected format's identifier (`"fastcoding"`, `"hr-json"`, `"json"`, `"plist"`, …).
    package var format: String
    /// The size of the (decrypted) archive in bytes.
    package var byteCount: Int
    /// The size of the encrypted envelope, when the file was encrypted.
    package var encryptedByteCount: Int?
    /// The archive's root value.
    package var root: InspectedValue

    package init(format: String, byteCount: Int, encryptedByteCount: Int? = nil, root: InspectedValue) {
        self.format = format
        self.byteCount = byteCount
        self.encryptedByteCount = encryptedByteCount
        self.root = root
    }

    /// A header line (format and size) followed by the readable tree.
    package func render() -> String {
        var header = "\(format) archive, \(byteCount) bytes"
        if let encryptedByteCount { header = "encrypted (\(encryptedByteCount) bytes) " + header }
        return header + "\n" + ReadableRenderer.render(root)
    }

    /// The tree in the shared vectors' expected-value JSON scheme, ending with a newline.
    package func expectedValueJSON() -> String {
        ExpectedValueJSONWriter.json(for: root)
    }

    /// The archive re-encoded as `target`, proven to read back: the output is read again (format
    /// detection and the target's untyped reader, as `inspect` does) and compared with the tree.
    ///
    /// - Throws: ``InspectionError`` naming what the target cannot hold, or the value that would
    ///   not read back and why.
    package func converted(to target: ArchiveTarget) throws -> Data {
        let data = try ArchiveConverter.data(for: root, as: target)
        try ReadBackCheck.verify(data, as: target, holds: root)
        return data
    }
}
