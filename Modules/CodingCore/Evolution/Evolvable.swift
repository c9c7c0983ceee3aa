/// A type whose archives keep loading as it changes: a key an archive lacks takes the value a
/// new instance holds, and a key read under an older name is still found.
///
/// Swift's synthesized `Codable` ignores a property's initial value, so the first property
/// added to a model would make every file saved before unreadable. Adopt `Evolvable` and every
/// decoder of the suite fills such keys from ``init()``, wherever the type appears: at the
/// root, nested, in arrays and dictionaries, behind a ``Reference``.
///
/// ```swift
/// struct Settings: Evolvable {
///     var theme = "light"
///     var fontSize = 12          // added later: older files load with 12
///     var title: String?         // added later: older files load with nil
///
///     // `colorScheme` was the name of `theme` before it was renamed.
///     static let formerKeys = ["theme": ["colorScheme"]]
/// }
/// ```
///
/// The rules, the same in every kit:
/// - Only a missing key takes its default. A key that is present with a value of the wrong type
///   is still a `DecodingError` naming its coding path.
/// - `decodeIfPresent` of a missing key stays `nil`: most formats leave a `nil` optional out, so
///   a saved `nil` and a missing key look the same, and a non-`nil` default would undo the edit
///   that made it `nil`.
/// - Keys the archive holds that the type no longer reads are skipped.
/// - The defaults are worked out once per type (by encoding `Self()`) the first time a key is
///   missing, and each missing key is decoded afresh from them, so decoded values never share
///   objects with each other.
///
/// Types that do not adopt it keep the standard behaviour: a missing key throws
/// `DecodingError.keyNotFound` with its coding path.
public protocol Evolvable: Codable {
    /// Creates the instance whose values are the defaults of keys an archive lacks.
    init()

    /// Earlier names of coding keys, by current name, newest first.
    ///
    /// A former name is read only when the current key is missing, and never written. Class
    /// names that changed are declared in ``ClassNameRegistry`` (`legacyNames:`) instead.
    static var formerKeys: [String: [String]] { get }
}

extension Evolvable {
    /// No key was renamed.
    public static var formerKeys: [String: [String]] { [:] }
}
