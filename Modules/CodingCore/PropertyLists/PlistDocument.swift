import Foundation

/// A parsed property list: a flat table of objects, one pool of the object indexes that all
/// containers hold, the strings and data, and the index of the top object.
///
/// Binary plists map one to one onto the table (object references are table indexes); XML
/// plists are numbered in document order. Containers are runs of the pool, so a parse makes a
/// handful of large allocations however many containers there are, and reading walks memory
/// in the order it was written.
package struct PlistDocument: Sendable {
    package var objects: [PlistObject]
    /// The items of every array and set and the keys then values of every dictionary, one run
    /// after another; every entry is an index into ``objects``.
    package var references: [UInt32]
    /// The text of every string object, in table order.
    package var strings: [String]
    /// The bytes of every data object, in table order.
    package var data: [Data]
    /// Where each ``PlistObject/text(_:)`` string lies in ``bytes``.
    package var texts: [PlistText] = []
    /// The input, kept for the ``PlistObject/text(_:)`` strings.
    package var bytes = Data()
    package var top: Int

    /// A document of these parts (read by ``BinaryPlistReader`` or a kit's XML reader).
    package init(
        objects: [PlistObject], references: [UInt32], strings: [String], data: [Data], texts: [PlistText] = [],
        top: Int
    ) {
        self.objects = objects
        self.references = references
        self.strings = strings
        self.data = data
        self.texts = texts
        self.top = top
    }

    /// The most objects, pool entries and strings a document may hold: indexes are 32-bit.
    package static let maximumCount = Int(UInt32.max)

    /// The object index at pool position `position`.
    @inlinable
    package func reference(_ position: Int) -> Int { Int(references[position]) }

    /// Item `item` of `list`, as an object index.
    @inlinable
    package func item(_ item: Int, of list: PlistList) -> Int { Int(references[list.start + item]) }

    /// The object index of value `entry` of `dictionary`.
    @inlinable
    package func value(_ entry: Int, of dictionary: PlistDictionary) -> Int {
        Int(references[dictionary.valuePosition(entry)])
    }

    /// Key `entry` of `dictionary` (readers make sure every key is a string object).
    @inlinable
    package func key(_ entry: Int, of dictionary: PlistDictionary) -> String {
        string(objects[Int(references[dictionary.keyPosition(entry)])]) ?? ""
    }

    /// The text of `object`, when it is a string.
    @inlinable
    package func string(_ object: PlistObject) -> String? {
        switch object {
        case .string(let index): strings[Int(index)]
        case .text(let index): text(texts[Int(index)])
        default: nil
        }
    }

    /// The `String` of an ASCII run of the input (checked when it was read).
    @inlinable
    package func text(_ text: PlistText) -> String {
        bytes.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[text.range]), as: UTF8.self) }
    }

    /// Whether `object` is a string.
    @inlinable
    package static func isString(_ object: PlistObject) -> Bool {
        switch object {
        case .string, .text: true
        default: false
        }
    }

    /// The text of object `index`, when it is a string.
    @inlinable
    package func string(at index: Int) -> String? { string(objects[index]) }

    /// The bytes of `object`, when it is data.
    @inlinable
    package func data(_ object: PlistObject) -> Data? {
        guard case .data(let index) = object else { return nil }
        return data[Int(index)]
    }

    /// The entry of `dictionary` whose key is `name`, or `nil`.
    @inlinable
    package func entry(named name: String, in dictionary: PlistDictionary) -> Int? {
        for entry in 0..<dictionary.count where key(entry, of: dictionary) == name { return entry }
        return nil
    }

    /// The object index of the value under `name` in `dictionary`, or `nil`.
    @inlinable
    package func value(named name: String, in dictionary: PlistDictionary) -> Int? {
        entry(named: name, in: dictionary).map { value($0, of: dictionary) }
    }

    /// The object indexes of `list`'s items.
    @inlinable
    package func items(_ list: PlistList) -> [Int] {
        references[list.positions].map { Int($0) }
    }
}
