/// A coding key made from a string, an integer dictionary key or an array position.
///
/// The kits use it for coding paths and for the keys of dictionaries and `$alias` paths.
/// Array positions read `"Index n"`, as in Foundation's coders, and build that text only when
/// asked (error messages); the key stays small enough to sit inside an existential's inline
/// buffer, so a coding path costs no allocation per element.
package struct ArchiveCodingKey: CodingKey, Sendable {
    private enum Storage: Sendable {
        case name(String)
        case integer(Int)
        case index(Int)
    }

    private let storage: Storage

    package var stringValue: String {
        switch storage {
        case let .name(name): name
        case let .integer(integer): String(integer)
        case let .index(index): "Index \(index)"
        }
    }

    package var intValue: Int? {
        switch storage {
        case .name: nil
        case let .integer(integer), let .index(integer): integer
        }
    }

    /// The position when the key is an array position, else `nil`.
    package var index: Int? {
        if case let .index(index) = storage { return index }
        return nil
    }

    package init(stringValue: String) {
        storage = .name(stringValue)
    }

    package init(intValue: Int) {
        storage = .integer(intValue)
    }

    /// The key of array position `index`.
    package init(index: Int) {
        storage = .index(index)
    }
}
