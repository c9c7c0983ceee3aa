/// Where a binary plist's ASCII string lies in the input bytes (checked by the reader).
package struct PlistText: Sendable, Equatable {
    package var start: Int
    package var count: Int

    @inlinable
    package init(start: Int, count: Int) {
        self.start = start
        self.count = count
    }

    /// The byte range in the input.
    @inlinable
    package var range: Range<Int> { start..<(start + count) }
}
