/// How every kit writes a coding path in its messages: `contacts[0].name`.
///
/// Keys are joined by dots; array positions (and integer dictionary keys) are written in
/// brackets, as Swift subscripts them. A key with an integer value is a position only when
/// its text is that number or Foundation's `"Index n"`: a `CodingKeys` enum with integer raw
/// values keeps its case names. There is no escaping.
package enum CodingPathDescription {
    /// `contacts[0].name`; `(top level)` for the empty path.
    package static func string(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "(top level)" }
        var text = ""
        for key in codingPath {
            if let index = position(key) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// The path as the place in a sentence ("… at 'contacts[0].name'"): quoted, or
    /// `the top level` for the empty path.
    package static func place(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : "'\(string(codingPath))'"
    }

    /// The position `key` stands for, or `nil` for a named key.
    private static func position(_ key: any CodingKey) -> Int? {
        guard let integer = key.intValue else { return nil }
        let text = key.stringValue
        return text == String(integer) || text == "Index \(integer)" ? integer : nil
    }
}
