import CodingCore

/// One readable line for any error a kit throws.
enum ErrorDescription {
    static func line(for error: any Error) -> String {
        let text: String
        switch error {
        case let DecodingError.dataCorrupted(context), let DecodingError.keyNotFound(_, context),
            let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            text = context.debugDescription + location(context.codingPath)
        case let EncodingError.invalidValue(_, context):
            text = context.debugDescription + location(context.codingPath)
        default:
            text = String(describing: error)
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// ` (at contacts[0].name)`, the suite's spelling (`CodingPathDescription`).
    private static func location(_ path: [any CodingKey]) -> String {
        let keys = path.filter { !$0.stringValue.isEmpty }
        guard !keys.isEmpty else { return "" }
        // Deep paths are cut to their end, so the one line stays readable.
        let shown = CodingPathDescription.string(Array(keys.suffix(12)))
        guard keys.count > 12 else { return " (at \(shown))" }
        return " (at …\(shown.hasPrefix("[") ? "" : ".")\(shown))"
    }
}
