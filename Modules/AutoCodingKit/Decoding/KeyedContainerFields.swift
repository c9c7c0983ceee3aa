/// What a keyed decoding container reads, behind one reference so copies of the container
/// cost one retain (and, not being generic, no metadata lookup per container).
final class KeyedContainerFields {
    let state: KeyedDecodingState
    let keys: [String]
    let values: [Int]
    let codingPath: [any CodingKey]

    init(state: KeyedDecodingState, keys: [String], values: [Int], codingPath: [any CodingKey]) {
        self.state = state
        self.keys = keys
        self.values = values
        self.codingPath = codingPath
    }
}
