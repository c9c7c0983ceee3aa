/// One line for a `DecodingError`: what was wrong and at which coding path, spelled as
/// ``CodingPathDescription`` spells it (`contacts[0].name`).
package enum DecodingErrorDescription {
    package static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(type, context):
            "expected \(type) at \(path(context)): \(context.debugDescription)"
        case let .valueNotFound(type, context):
            "no \(type) value at \(path(context)): \(context.debugDescription)"
        case let .keyNotFound(key, context):
            "no value for '\(key.stringValue)' at \(path(context))"
        case let .dataCorrupted(context):
            "corrupted data at \(path(context)): \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        CodingPathDescription.place(context.codingPath)
    }
}
