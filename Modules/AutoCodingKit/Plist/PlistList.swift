/// An array's or a set's items: `count` object indexes from `start` in the document's
/// reference pool.
struct PlistList: Sendable, Equatable {
    var start: Int
    var count: Int

    static let empty = PlistList(start: 0, count: 0)

    /// The pool positions of the items.
    var positions: Range<Int> { start..<(start + count) }
}
