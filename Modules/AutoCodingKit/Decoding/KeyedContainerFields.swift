/// What a keyed decoding container reads, behind one reference so copies of the container
/// cost one retain (and, not being generic, no metadata lookup per container).
///
/// An archived object's keys and values are read in place from the document's reference pool;
/// an `NSDictionary`'s keys (numbers written in decimal) are collected as text first.
final class KeyedContainerFields {
    let state: KeyedDecodingState
    let codingPath: [any CodingKey]
    /// The type whose `init(from:)` reads these fields (`Any` when unknown: a nested container or
    /// a super decoder), for its defaults and former key names when a key is missing.
    let decodedType: Any.Type
    /// The archived object's entries, when the keys are its own string objects.
    private let dictionary: PlistDictionary
    /// An `NSDictionary`'s keys as text and its value positions; `nil` for an archived object.
    private let collected: (keys: [String], values: [Int])?
    /// The number of entries.
    let count: Int
    /// Where the next key is looked for first: properties are usually read in the order they
    /// were written, so this turns most lookups into one comparison instead of a scan.
    private var cursor = 0

    init(
        state: KeyedDecodingState, dictionary: PlistDictionary, codingPath: [any CodingKey], decodedType: Any.Type
    ) {
        self.state = state
        self.dictionary = dictionary
        collected = nil
        count = dictionary.count
        self.codingPath = codingPath
        self.decodedType = decodedType
    }

    init(
        state: KeyedDecodingState, keys: [String], values: [Int], codingPath: [any CodingKey], decodedType: Any.Type
    ) {
        self.state = state
        dictionary = .empty
        collected = (keys, values)
        count = keys.count
        self.codingPath = codingPath
        self.decodedType = decodedType
    }

    /// Whether the entries are an `NSDictionary`'s (every key is data), not an archived object's
    /// (whose `$class` key names its class).
    var isDictionary: Bool { collected != nil }

    /// Key `entry`.
    @inline(__always)
    func key(_ entry: Int) -> String {
        if let collected { return collected.keys[entry] }
        return state.document.key(entry, of: dictionary)
    }

    /// The document index of value `entry`.
    @inline(__always)
    func value(_ entry: Int) -> Int {
        if let collected { return collected.values[entry] }
        return state.document.value(entry, of: dictionary)
    }

    /// The entry whose key is `name`, or `nil`.
    @inline(__always)
    func position(of name: String) -> Int? {
        let guess = cursor
        if guess < count, key(guess) == name {
            cursor = guess + 1
            return guess
        }
        for entry in 0..<count where entry != guess && key(entry) == name {
            cursor = entry + 1
            return entry
        }
        return nil
    }

    /// The document index of the value under the first of `name`'s former names (see
    /// `Evolvable.formerKeys`) that the fields hold, for a `name` they lack; `nil` when none.
    @inline(never)
    func formerValue(of name: String) -> Int? {
        for former in state.evolutionLookup().formerKeys(of: decodedType, for: name) {
            if let found = position(of: former) { return value(found) }
        }
        return nil
    }
}
