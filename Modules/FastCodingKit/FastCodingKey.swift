/// A coding key made from a string or an index, for coding paths and dictionary keys.
///
/// Index keys build their `"Index n"` text only when asked (error messages), and the key stays
/// small enough to sit inside an existential's inline buffer (no allocation per element).
struct FastCodingKey: CodingKey {
    private enum Storage {
        case name(String)
        case integer(Int)
        case index(Int)
    }

    private let storage: Storage

    var stringValue: String {
        switch storage {
        case let .name(name): name
        case let .integer(integer): String(integer)
        case let .index(index): "Index \(index)"
        }
    }

    var intValue: Int? {
        switch storage {
        case .name: nil
        case let .integer(integer), let .index(integer): integer
        }
    }

    init(stringValue: String) {
        storage = .name(stringValue)
    }

    init(intValue: Int) {
        storage = .integer(intValue)
    }

    init(index: Int) {
        storage = .index(index)
    }
}
