/// A dictionary's entries in the document's reference pool: `count` key indexes from `start`
/// (each a string object), then the `count` value indexes, in stored order, as a binary
/// plist lays them out.
struct PlistDictionary: Sendable, Equatable {
    var start: Int
    var count: Int

    static let empty = PlistDictionary(start: 0, count: 0)

    /// The pool position of key `entry`'s object index.
    @inline(__always)
    func keyPosition(_ entry: Int) -> Int { start + entry }

    /// The pool position of value `entry`'s object index.
    @inline(__always)
    func valuePosition(_ entry: Int) -> Int { start + count + entry }

    /// The values, as a list.
    var values: PlistList { PlistList(start: start + count, count: count) }
}
