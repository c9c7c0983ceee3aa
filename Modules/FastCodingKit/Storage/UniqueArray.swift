/// An array in one manually managed buffer, owned by one coder's context: its frames, and the
/// decoder's string and object tables and the instances it keeps alive.
///
/// Held in an `Array` property of a class, every append and every update in place would pay a
/// copy-on-write uniqueness check; this array cannot be copied, so it needs none. Indices are
/// still checked: a container used after its value was finished traps as an array would.
struct UniqueArray<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    /// An empty array with room for `capacity` elements; none allocated while it is 0.
    init(capacity: Int = 0) {
        self.capacity = max(capacity, 0)
        base = self.capacity > 0 ? .allocate(capacity: self.capacity) : Self.unallocated
    }

    deinit {
        base.deinitialize(count: count)
        if capacity > 0 { base.deallocate() }
    }

    /// The base of an array with no buffer yet: aligned, never read, written or freed.
    private static var unallocated: UnsafeMutablePointer<Element> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    }

    var indices: Range<Int> { 0..<count }

    subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            precondition(index >= 0 && index < count, "index \(index) is out of range (count \(count))")
            return UnsafePointer(base + index)
        }
        @inline(__always)
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "index \(index) is out of range (count \(count))")
            return base + index
        }
    }

    /// The address of element `index`, checked once for a run of reads and updates. It stays
    /// valid until the next `append` (which may move the buffer).
    @inline(__always)
    func address(of index: Int) -> UnsafeMutablePointer<Element> {
        precondition(index >= 0 && index < count, "index \(index) is out of range (count \(count))")
        return base + index
    }

    mutating func append(_ element: consuming Element) {
        if count == capacity { grow(to: max(capacity * 2, 4)) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Makes room for `minimumCapacity` elements, so appending up to that many does not move them.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    private mutating func grow(to newCapacity: Int) {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: base, count: count)
        if capacity > 0 { base.deallocate() }
        base = larger
        capacity = newCapacity
    }

    /// Removes the last `k` elements.
    mutating func removeLast(_ k: Int = 1) {
        precondition(k >= 0 && k <= count, "cannot remove \(k) of \(count) elements")
        count -= k
        (base + count).deinitialize(count: k)
    }
}
