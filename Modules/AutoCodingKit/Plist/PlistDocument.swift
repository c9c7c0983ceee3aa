import Foundation

/// A parsed property list: a flat table of objects and the index of the top one.
///
/// Binary plists map one to one onto the table (object references are table indexes); XML
/// plists are numbered in document order. `locations` says where each object came from, for
/// error messages: a byte offset (binary) or a line (XML).
struct PlistDocument: Sendable {
    enum Source: Sendable { case binary, xml }

    var objects: [PlistObject]
    var top: Int
    var source: Source
    var locations: [Int]

    /// "offset 120" or "XML offset 7": where object `index` was read.
    func location(of index: Int) -> String {
        guard locations.indices.contains(index) else { return "object \(index)" }
        return source == .binary ? "offset \(locations[index])" : "XML offset \(locations[index])"
    }

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
