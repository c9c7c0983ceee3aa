/// Where a binary plist's ASCII string lies in the input bytes (checked by the reader).
struct PlistText: Sendable, Equatable {
    var start: Int
    var count: Int

    /// The byte range in the input.
    var range: Range<Int> { start..<(start + count) }
}
