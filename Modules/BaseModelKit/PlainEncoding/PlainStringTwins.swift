import Foundation

/// The strings one binary property list holds, noted as they are written, for a Foundation
/// whose binary writer stores strings that are `==` as one object.
///
/// Swift's `==` on strings is canonical equivalence: `"\u{e9}"` and `"e\u{301}"` (or `"K"` and
/// the Kelvin sign) are equal, so such a writer would give one of them back with the other's
/// scalars. A value holding two strings that are equal but spelled with different scalars is
/// refused instead, naming the second one's coding path.
final class PlainStringTwins {
    /// A string that differs from an earlier, equal one in its scalars, and where it was written.
    struct Twin {
        let string: String
        let codingPath: [any CodingKey]
    }

    /// Each string written so far under its first spelling; keys compare as Foundation's
    /// writer does, with `==`.
    private var firstSpellings: [String: String] = [:]

    /// The first twin found, if any.
    private(set) var twin: Twin?

    /// Notes `string` (a value or a key) written at `path`.
    func note(_ string: String, at path: @autoclosure () -> [any CodingKey]) {
        guard twin == nil else { return }
        guard let first = firstSpellings[string] else {
            firstSpellings[string] = string
            return
        }
        if !first.utf8.elementsEqual(string.utf8) {
            twin = Twin(string: string, codingPath: path())
        }
    }

    /// The refusal of ``twin``.
    static func error(for twin: Twin) -> EncodingError {
        EncodingError.invalidValue(
            twin.string,
            EncodingError.Context(
                codingPath: twin.codingPath,
                debugDescription:
                    "the string \(String(reflecting: twin.string)) and an earlier one differ only in Unicode "
                    + "normalization: Foundation's binary property-list writer would store them as one string "
                    + "and change one of them (use .propertyList(.xml) or .json, or normalize the strings)"))
    }

    /// Whether this platform's Foundation writes strings that are `==` once in a binary
    /// property list, found by writing and reading two of them (once per process).
    static let foundationMergesEquivalentStrings: Bool = {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let spellings = ["\u{e9}", "e\u{301}"]
        guard let data = try? encoder.encode(spellings),
            let decoded = try? PropertyListDecoder().decode([String].self, from: data)
        else { return true }
        return decoded.map { Array($0.utf8) } != spellings.map { Array($0.utf8) }
    }()
}
