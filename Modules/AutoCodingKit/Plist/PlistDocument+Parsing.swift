import CodingCore
import Foundation

extension PlistDocument {
    /// Parses binary or XML property-list bytes, bounds-checked.
    ///
    /// - Throws: ``KeyedArchiveError/malformedBinaryPlist(offset:reason:)`` for a binary
    ///   property list CodingCore's reader refuses, the XML reader's errors, or
    ///   ``KeyedArchiveError/notAPropertyList``.
    static func parse(_ bytes: Data, maximumDepth: Int) throws -> PlistDocument {
        if bytes.starts(with: BinaryPlistReader.magic) {
            do {
                return try BinaryPlistReader.document(bytes)
            } catch let error as PlistError {
                throw KeyedArchiveError.malformedBinaryPlist(offset: error.offset, reason: error.reason)
            }
        }
        return try bytes.withUnsafeBytes { buffer in
            if XMLPlistReader.looksLikeXML(buffer) {
                var reader = XMLPlistReader(buffer, maximumDepth: maximumDepth)
                return try reader.read()
            }
            throw KeyedArchiveError.notAPropertyList
        }
    }
}
