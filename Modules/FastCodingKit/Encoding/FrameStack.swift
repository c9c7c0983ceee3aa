/// A stack in one manually managed buffer: the coders' frames, and the decoder's list of the
/// instances it keeps alive.
///
/// The coders update the frames they are working in on every property; held in an `Array`
/// property of a class, each such update would pay a copy-on-write uniqueness check. Indices are
/// still checked: a container used after its value was finished traps as an array would.
struct FrameStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 8) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var indices: Range<Int> { 0..<count }

    subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            precondition(index >= 0 && index < count, "frame \(index) is not on the stack")
            return UnsafePointer(base + index)
        }
        @inline(__always)
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "frame \(index) is not on the stack")
            return base + index
        }
    }

    /// The address of frame `index`, checked once for a run of reads and updates. It stays
    /// valid until the next `append` (which may move the buffer).
    @inline(__always)
    func address(of index: Int) -> UnsafeMutablePointer<Element> {
        precondition(index >= 0 && index < count, "frame \(index) is not on the stack")
        return base + index
    }

    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes the top `k` frames.
    mutating func removeLast(_ k: Int = 1) {
        precondition(k >= 0 && k <= count, "cannot remove \(k) of \(count) frames")
        count -= k
        (base + count).deinitialize(count: k)
    }
}
