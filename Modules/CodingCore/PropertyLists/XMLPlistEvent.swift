import Foundation

/// One step through an XML property list, as ``XMLPlistReader`` reads it: a container opens
/// or ends, a dictionary's key comes, or a scalar is read (its text already a value).
package enum XMLPlistEvent {
    /// `<array>` opens (an empty `<array/>` is followed by its ``end`` at once).
    case arrayStart
    /// `<dict>` opens; keys and values alternate until its ``end``.
    case dictionaryStart
    /// The text of a `<key>`; the value under it comes next.
    case key(String)
    /// The innermost open container ends.
    case end
    case string(String)
    case bool(Bool)
    /// An `<integer>`'s text without its blanks; see ``XMLPlistScalars/integer(_:)``.
    case integer(String)
    case real(Double)
    /// A `<date>`, in seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    case data(Data)
}
