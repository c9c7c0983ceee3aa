/// What a keyed decoding container reads, behind one reference so copies of the container
/// cost one retain (and, not being generic, no metadata lookup per container).
final class KeyedContainerFields {
    let state: KeyedDecodingState
    let keys: [String]
    let values: [Int]
    let codingPath: [any CodingKey]
    /// Where the next key is looked for first: properties are usually read in the order they
    /// were written, so this turns most lookups into one comparison instead of a scan.
    private var cursor = 0

    init(state: KeyedDecodingState, keys: [String], values: [Int], codingPath: [any CodingKey]) {
        self.state = state
        self.keys = keys
        self.values = values
        self.codingPath = codingPath
    }

    /// The position of `name` among the keys, or `nil`.
    @inline(__always)
    func position(of name: String) -> Int? {
        let guess = cursor
        if guess < keys.count, keys[guess] == name {
            cursor = guess + 1
            return guess
        }
        guard let found = keys.firstIndex(of: name) else { return nil }
        cursor = found + 1
        return found
    }
}
