/// An array's or a set's items: `count` object indexes from `start` in the document's
/// reference pool.
struct PlistList: Sendable, Equatable {
    private let first: UInt32
    private let length: UInt32

    /// A run that readers have checked to lie within ``PlistDocument/maximumCount``.
    init(start: Int, count: Int) {
        first = UInt32(truncatingIfNeeded: start)
        length = UInt32(truncatingIfNeeded: count)
    }

    static let empty = PlistList(start: 0, count: 0)

    var start: Int { Int(first) }
    var count: Int { Int(length) }

    /// The pool positions of the items.
    var positions: Range<Int> { start..<(start + count) }
}
