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

    private static func location(_ path: [any CodingKey]) -> String {
        let names = path.map(\.stringValue).filter { !$0.isEmpty }
        guard !names.isEmpty else { return "" }
        // Deep paths are cut to their end, so the one line stays readable.
        let shown = names.suffix(12).joined(separator: ".")
        return " (at \(names.count > 12 ? "…." + shown : shown))"
    }
}
