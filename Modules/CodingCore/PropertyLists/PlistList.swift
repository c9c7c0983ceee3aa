/// An array's or a set's items: `count` object indexes from `start` in the document's
/// reference pool.
package struct PlistList: Sendable, Equatable {
    @usableFromInline
    let first: UInt32
    @usableFromInline
    let length: UInt32

    /// A run that readers have checked to lie within ``PlistDocument/maximumCount``.
    @inlinable
    package init(start: Int, count: Int) {
        first = UInt32(truncatingIfNeeded: start)
        length = UInt32(truncatingIfNeeded: count)
    }

    package static let empty = PlistList(start: 0, count: 0)

    @inlinable
    package var start: Int { Int(first) }
    @inlinable
    package var count: Int { Int(length) }

    /// The pool positions of the items.
    @inlinable
    package var positions: Range<Int> { start..<(start + count) }
}
