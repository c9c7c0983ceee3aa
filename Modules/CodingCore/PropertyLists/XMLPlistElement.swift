/// An element of an XML property list, known from its tag name's bytes without making a
/// `String` of them.
package enum XMLPlistElement: Sendable {
    case plist, key, array, dict, string, integer, real, date, data, `true`, `false`
    /// A name the plist format does not have.
    case unknown

    /// The element named by the UTF-8 bytes `name`.
    package init(name: UnsafeBufferPointer<UInt8>) {
        // Length and first and last byte tell the one candidate; its name is then compared.
        let candidate: Self =
            switch (name.count, name.first ?? 0, name.last ?? 0) {
            case (3, UInt8(ascii: "k"), _): .key
            case (4, UInt8(ascii: "d"), UInt8(ascii: "t")): .dict
            case (4, UInt8(ascii: "d"), UInt8(ascii: "a")): .data
            case (4, UInt8(ascii: "d"), UInt8(ascii: "e")): .date
            case (4, UInt8(ascii: "r"), _): .real
            case (4, UInt8(ascii: "t"), _): .true
            case (5, UInt8(ascii: "p"), _): .plist
            case (5, UInt8(ascii: "a"), _): .array
            case (5, UInt8(ascii: "f"), _): .false
            case (6, UInt8(ascii: "s"), _): .string
            case (7, UInt8(ascii: "i"), _): .integer
            default: .unknown
            }
        let expected = candidate.name
        // Equal lengths (an unknown name's is 0), so every byte compared is in both.
        guard expected.utf8CodeUnitCount == name.count else {
            self = .unknown
            return
        }
        for index in name.indices where name[index] != expected.utf8Start[index] {
            self = .unknown
            return
        }
        self = candidate
    }

    /// The tag name (empty for ``unknown``).
    package var name: StaticString {
        switch self {
        case .plist: "plist"
        case .key: "key"
        case .array: "array"
        case .dict: "dict"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .date: "date"
        case .data: "data"
        case .true: "true"
        case .false: "false"
        case .unknown: ""
        }
    }
}
