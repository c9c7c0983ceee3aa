import Foundation

/// A parsed property list: a flat table of objects, one pool of the object indexes that all
/// containers hold, the strings and data, and the index of the top object.
///
/// Binary plists map one to one onto the table (object references are table indexes); XML
/// plists are numbered in document order. Containers are runs of the pool, so a parse makes a
/// handful of large allocations however many containers there are, and reading walks memory
/// in the order it was written.
struct PlistDocument: Sendable {
    var objects: [PlistObject]
    /// The items of every array and set and the keys then values of every dictionary, one run
    /// after another; every entry is an index into ``objects``.
    var references: [UInt32]
    /// The text of every string object, in table order.
    var strings: [String]
    /// The bytes of every data object, in table order.
    var data: [Data]
    /// Where each ``PlistObject/text(_:)`` string lies in ``bytes``.
    var texts: [PlistText] = []
    /// The input, kept for the ``PlistObject/text(_:)`` strings.
    var bytes = Data()
    var top: Int

    /// The most objects, pool entries and strings a document may hold: indexes are 32-bit.
    static let maximumCount = Int(UInt32.max)

    /// Parses binary or XML property-list bytes, bounds-checked.
    static func parse(_ bytes: Data, maximumDepth: Int) throws -> PlistDocument {
        try bytes.withUnsafeBytes { buffer in
            if BinaryPlistScanner.looksLikeBinary(buffer) {
                var builder = PlistDocumentBinaryBuilder(buffer)
                var document = try builder.build()
                if !document.texts.isEmpty { document.bytes = bytes }
                return document
            }
            if XMLPlistScanner.looksLikeXML(buffer) {
                return try PlistDocumentXMLBuilder.build(buffer, maximumDepth: maximumDepth)
            }
            throw KeyedArchiveError.notAPropertyList
        }
    }

    /// The object index at pool position `position`.
    @inline(__always)
    func reference(_ position: Int) -> Int { Int(references[position]) }

    /// Item `item` of `list`, as an object index.
    @inline(__always)
    func item(_ item: Int, of list: PlistList) -> Int { Int(references[list.start + item]) }

    /// The object index of value `entry` of `dictionary`.
    @inline(__always)
    func value(_ entry: Int, of dictionary: PlistDictionary) -> Int {
        Int(references[dictionary.valuePosition(entry)])
    }

    /// Key `entry` of `dictionary` (readers make sure every key is a string object).
    @inline(__always)
    func key(_ entry: Int, of dictionary: PlistDictionary) -> String {
        string(objects[Int(references[dictionary.keyPosition(entry)])]) ?? ""
    }

    /// The text of `object`, when it is a string.
    @inline(__always)
    func string(_ object: PlistObject) -> String? {
        switch object {
        case .string(let index): strings[Int(index)]
        case .text(let index): text(texts[Int(index)])
        default: nil
        }
    }

    /// The `String` of an ASCII run of the input (checked when it was read).
    func text(_ text: PlistText) -> String {
        bytes.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[text.range]), as: UTF8.self) }
    }

    /// Whether `object` is a string.
    @inline(__always)
    static func isString(_ object: PlistObject) -> Bool {
        switch object {
        case .string, .text: true
        default: false
        }
    }

    /// The text of object `index`, when it is a string.
    @inline(__always)
    func string(at index: Int) -> String? { string(objects[index]) }

    /// The bytes of `object`, when it is data.
    func data(_ object: PlistObject) -> Data? {
        guard case .data(let index) = object else { return nil }
        return data[Int(index)]
    }

    /// The entry of `dictionary` whose key is `name`, or `nil`.
    func entry(named name: String, in dictionary: PlistDictionary) -> Int? {
        for entry in 0..<dictionary.count where key(entry, of: dictionary) == name { return entry }
        return nil
    }

    /// The object index of the value under `name` in `dictionary`, or `nil`.
    func value(named name: String, in dictionary: PlistDictionary) -> Int? {
        entry(named: name, in: dictionary).map { value($0, of: dictionary) }
    }

    /// The object indexes of `list`'s items.
    func items(_ list: PlistList) -> [Int] {
        references[list.positions].map { Int($0) }
    }
}
