/// One line for a `DecodingError`: what was wrong and at which coding path.
enum DecodingErrorDescription {
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(type, context):
            "expected \(type) at '\(path(context))': \(context.debugDescription)"
        case let .valueNotFound(type, context):
            "no \(type) value at '\(path(context))': \(context.debugDescription)"
        case let .keyNotFound(key, context):
            "no value for '\(key.stringValue)' at '\(path(context))'"
        case let .dataCorrupted(context):
            "corrupted data at '\(path(context))': \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }

    /// `contacts[0].name`: keys joined by dots, array positions in brackets.
    private static func path(_ context: DecodingError.Context) -> String {
        guard !context.codingPath.isEmpty else { return "(top level)" }
        var text = ""
        for key in context.codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
