import Foundation

/// A parsed property list: a flat table of objects and the index of the top one.
///
/// Binary plists map one to one onto the table (object references are table indexes); XML
/// plists are numbered in document order. `locations` says where each object came from, for
/// error messages: a byte offset (binary) or a line (XML).
struct PlistDocument: Sendable {
    var objects: [PlistObject]
    var top: Int

    /// Parses binary or XML property-list bytes, bounds-checked.
    static func parse(_ bytes: Data, maximumDepth: Int) throws -> PlistDocument {
        try bytes.withUnsafeBytes { buffer in
            if buffer.starts(with: BinaryPlistReader.magic) {
                var reader = BinaryPlistReader(buffer)
                return try reader.read()
            }
            if XMLPlistReader.looksLikeXML(buffer) {
                var reader = XMLPlistReader(buffer, maximumDepth: maximumDepth)
                return try reader.read()
            }
            throw KeyedArchiveError.notAPropertyList
        }
    }
}
