/// A dictionary's entries in the document's reference pool: `count` key indexes from `start`
/// (each a string object), then the `count` value indexes, in stored order, as a binary
/// plist lays them out.
struct PlistDictionary: Sendable, Equatable {
    /// The keys' run; the values' run follows it.
    let keys: PlistList

    /// Entries that readers have checked to lie within ``PlistDocument/maximumCount``.
    init(start: Int, count: Int) {
        keys = PlistList(start: start, count: count)
    }

    static let empty = PlistDictionary(start: 0, count: 0)

    var start: Int { keys.start }
    var count: Int { keys.count }

    /// The pool position of key `entry`'s object index.
    @inline(__always)
    func keyPosition(_ entry: Int) -> Int { start + entry }

    /// The pool position of value `entry`'s object index.
    @inline(__always)
    func valuePosition(_ entry: Int) -> Int { start + count + entry }

    /// The values, as a list.
    var values: PlistList { PlistList(start: start + count, count: count) }
}
