/// A dictionary's entries in the document's reference pool: `count` key indexes from `start`
/// (each a string object), then the `count` value indexes, in stored order, as a binary
/// plist lays them out.
package struct PlistDictionary: Sendable, Equatable {
    /// The keys' run; the values' run follows it.
    package let keys: PlistList

    /// Entries that readers have checked to lie within ``PlistDocument/maximumCount``.
    @inlinable
    package init(start: Int, count: Int) {
        keys = PlistList(start: start, count: count)
    }

    package static let empty = PlistDictionary(start: 0, count: 0)

    @inlinable
    package var start: Int { keys.start }
    @inlinable
    package var count: Int { keys.count }

    /// The pool position of key `entry`'s object index.
    @inlinable
    package func keyPosition(_ entry: Int) -> Int { start + entry }

    /// The pool position of value `entry`'s object index.
    @inlinable
    package func valuePosition(_ entry: Int) -> Int { start + count + entry }

    /// The values, as a list.
    @inlinable
    package var values: PlistList { PlistList(start: start + count, count: count) }
}
