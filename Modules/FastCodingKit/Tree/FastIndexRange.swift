/// One contiguous range of an index set (32-bit on the wire).
public struct FastIndexRange: Equatable, Sendable {
    /// The first index of the range.
    public var location: UInt32
    /// The number of indexes in the range.
    public var length: UInt32
    /// Creates a range.
    public init(location: UInt32, length: UInt32) {
        self.location = location
        self.length = length
    }
}
