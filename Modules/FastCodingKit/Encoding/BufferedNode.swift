/// What one container of a buffered value holds (see ``BufferedEncoder``): the keys and values of a
/// keyed container, the elements of an unkeyed one, or a single value.
///
/// Values are kept as they were given and written when the whole value is (through the streaming
/// encoder, so shared instances, class definitions and strings are handled as everywhere else);
/// containers nested in them are nodes of their own.
final class BufferedNode {
    enum Kind {
        case none, keyed, unkeyed, single
    }

    enum Entry {
        /// `encodeNil`, and a nil optional: written as Nil.
        case null
        /// A value, written when the node is.
        case value(any Encodable)
        /// A nested container, or what a super encoder wrote.
        case node(BufferedNode)
    }

    private(set) var kind = Kind.none
    /// The kind of the first container asked for (what a discovery pass would find).
    private(set) var firstKind = Kind.none
    /// Keyed: the keys in the order first written, each with its last value. Unkeyed: the
    /// elements. Single: the value, once written.
    private(set) var keys: [any CodingKey] = []
    private(set) var entries: [Entry] = []
    /// Keyed: each key's position in `keys`, by its string value's bytes.
    private var positions: [UTF8StringKey: Int] = [:]

    /// The keys' string values, in the order first written.
    var names: [String] { keys.map(\.stringValue) }

    /// Makes the node `kind`; `false` when it already holds another kind (a single-value
    /// container that holds no value yet holds nothing).
    func become(_ kind: Kind) -> Bool {
        if firstKind == .none { firstKind = kind }
        if self.kind == kind { return true }
        guard self.kind == .none || (self.kind == .single && entries.isEmpty) else { return false }
        self.kind = kind
        return true
    }

    /// Takes over what `other` holds (a single value that turned out to be a dictionary or a list).
    func adopt(_ other: BufferedNode) {
        kind = other.kind
        keys = other.keys
        entries = other.entries
        positions = other.positions
    }

    /// Sets `key`'s value: a key written again keeps its place and takes the new value.
    func set(_ entry: Entry, for key: any CodingKey) {
        if let position = positions[UTF8StringKey(key.stringValue)] {
            keys[position] = key
            entries[position] = entry
        } else {
            positions[UTF8StringKey(key.stringValue)] = keys.count
            keys.append(key)
            entries.append(entry)
        }
    }

    /// The value of the key named `name`, if written.
    func entry(named name: String) -> Entry? {
        positions[UTF8StringKey(name)].map { entries[$0] }
    }

    /// Appends an element (unkeyed), or sets the single value.
    func append(_ entry: Entry) {
        entries.append(entry)
    }
}
