import Foundation

/// The tool's own neutral tree: what any archive of the suite holds, whatever format it came from.
///
/// Values (numbers, immutable strings, URLs) are enum cases; everything a format may share
/// by identity is an ``InspectedNode`` (a class instance), so a node shared in the file is one
/// instance here, and cycles are possible exactly as in the file. Not `Sendable`: keep a tree
/// within one task.
package indirect enum InspectedValue {
    /// No object (an absent property value).
    case absent
    /// `NSNull` / JSON `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer; `width` is the byte width the file stores it in, when the format records one.
    case integer(Int64, width: Int?)
    /// A 32-bit float.
    case float(Float)
    /// A 64-bit floating-point number.
    case double(Double)
    /// A decimal number (FastCoding `DecimalNumber`).
    case decimal(Decimal)
    /// An immutable string.
    case string(String)
    /// A URL: relative string and optional base (itself a `.url`).
    case url(relative: String, base: InspectedValue?)
    /// An `NSValue` geometry struct or range: its kind (`"CGRect"`, …) and fields in order.
    case structValue(kind: String, fields: [Double])
    /// A node with identity.
    case node(InspectedNode)
}

/// A node of an ``InspectedValue`` tree whose identity the tree keeps.
package final class InspectedNode {
    /// What the node holds.
    package var content: Content

    package init(_ content: Content) {
        self.content = content
    }

    /// The kinds of nodes tracked by identity.
    package enum Content {
        case mutableString(String)
        case data(Data, mutable: Bool)
        case date(Date)
        case array([InspectedValue], mutable: Bool)
        case dictionary([(key: InspectedValue, value: InspectedValue)], mutable: Bool)
        case set([InspectedValue], mutable: Bool)
        case orderedSet([InspectedValue], mutable: Bool)
        case indexSet([(location: Int64, length: Int64)], mutable: Bool)
        /// A custom object: class name and properties in the file's order.
        case object(className: String, properties: [(name: String, value: InspectedValue)])
    }
}

extension InspectedNode {
    /// Whether the expected-value scheme records this node's identity (`sameAs`): containers,
    /// objects, mutable strings and mutable data; dates and immutable data are values there.
    package var isReferenceLike: Bool {
        switch content {
        case .date: false
        case let .data(_, mutable): mutable
        default: true
        }
    }
}

extension InspectedValue {
    /// The Foundation URL of a `.url` value (resolving its base), or `nil` for other values.
    package var foundationURL: URL? {
        guard case let .url(relative, base) = self else { return nil }
        return URL(string: relative, relativeTo: base?.foundationURL)
    }

    /// The narrowest of 1, 2, 4, 8 bytes that holds `value` (the width FastCoding writes).
    package static func narrowestWidth(of value: Int64) -> Int {
        if Int8(exactly: value) != nil { return 1 }
        if Int16(exactly: value) != nil { return 2 }
        if Int32(exactly: value) != nil { return 4 }
        return 8
    }
}
