/// The property-list flavour a keyed archive is written in.
public enum KeyedArchiveOutputFormat: String, Sendable, CaseIterable {
    /// A binary property list (`bplist00`), as `NSKeyedArchiver` writes by default.
    case binary
    /// An XML property list, UIDs written as `{"CF$UID": n}` dictionaries.
    case xml
}
