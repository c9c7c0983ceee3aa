import Foundation

/// Finds a type's coded property names by running its `init(from:)` against a decoder that
/// answers every request with a placeholder and records the keys asked for.
enum PropertyKeyDiscovery {
    /// How deeply placeholders for nested types are built.
    static let maximumDepth = 32

    static func keys<T: Decodable>(of type: T.Type) -> [String] {
        let recorder = KeyRecorder()
        _ = try? T(from: PlaceholderDecoder(recorder: recorder, depth: 0))
        return recorder.keys
    }

    /// A value of `type` that decoding can accept: zero, empty, the first case, or a value built
    /// from placeholders.
    static func placeholder<T: Decodable>(_ type: T.Type, depth: Int) throws -> T {
        let simple: Any? =
            switch T.self {
            case is String.Type: ""
            case is Bool.Type: false
            case is Double.Type: 0.0
            case is Float.Type: Float(0)
            case is Date.Type: Date(timeIntervalSinceReferenceDate: 0)
            case is Data.Type: Data()
            case is URL.Type: URL(string: "about:blank")
            case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
            case is Decimal.Type: Decimal(0)
            default: nil
            }
        if let simple = simple as? T { return simple }
        if let integerType = T.self as? any FixedWidthInteger.Type, let zero = integerType.init(exactly: 0) as? T {
            return zero
        }
        if let cases = T.self as? any CaseIterable.Type, let first = firstCase(of: cases) as? T {
            return first
        }
        guard depth < maximumDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "placeholders nest deeper than \(maximumDepth)"))
        }
        return try T(from: PlaceholderDecoder(recorder: nil, depth: depth + 1))
    }
}

private func firstCase<C: CaseIterable>(of type: C.Type) -> Any? {
    C.allCases.first
}

/// The keys a ``PlaceholderDecoder`` was asked for at the top level, in order, once each.
final class KeyRecorder {
    private(set) var keys: [String] = []

    func record(_ key: String) {
        if !keys.contains(key) { keys.append(key) }
    }
}
