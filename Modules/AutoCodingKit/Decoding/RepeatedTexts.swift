/// The `String`s of long ASCII strings (``PlistObject/text(_:)``) that one decode reads more
/// than once, so that the values read from one archived string share one buffer.
///
/// An archive stores each string once, however many values hold it. The first read makes a
/// `String` and marks the string as seen (one bit per string, so archives without repeats pay
/// nearly nothing); from the second read on, every read shares one `String`. Decoded memory
/// then grows with the archive's distinct strings, not with the values that use them.
struct RepeatedTexts {
    private let count: Int
    /// One bit per text, set once it has been read: the first 64 texts' here, so that small
    /// archives allocate nothing, the others' in ``laterSeen``.
    private var firstSeen: UInt64 = 0
    private var laterSeen: [UInt64]
    /// The shared `String` of each text read twice; allocated at the first repeat.
    private var shared: [String?] = []

    /// Room for the texts `0..<count`.
    init(count: Int) {
        self.count = count
        laterSeen = count > 64 ? Array(repeating: 0, count: (count - 1) / 64) : []
    }

    /// The `String` of text `index`, made by `make` unless a shared one exists.
    @inline(__always)
    mutating func string(_ index: Int, make: () -> String) -> String {
        let bit = UInt64(1) << UInt64(index & 63)
        if index < 64 {
            guard firstSeen & bit != 0 else {
                firstSeen |= bit
                return make()
            }
        } else {
            let word = index / 64 - 1
            guard laterSeen[word] & bit != 0 else {
                laterSeen[word] |= bit
                return make()
            }
        }
        return sharedString(index, make: make)
    }

    private mutating func sharedString(_ index: Int, make: () -> String) -> String {
        if shared.isEmpty { shared = Array(repeating: nil, count: count) }
        if let string = shared[index] { return string }
        let string = make()
        shared[index] = string
        return string
    }
}
