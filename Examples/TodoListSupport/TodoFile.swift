/// A file (or other store) a todo program uses, as `where` prints it.
public struct TodoFile: Sendable {
    /// What the file holds, e.g. "the list".
    public var role: String
    /// Its path, or a description of the store.
    public var location: String
    /// Its format, e.g. "HRCoder JSON".
    public var format: String

    /// A file holding `role` at `location` in `format`.
    public init(role: String, location: String, format: String) {
        self.role = role
        self.location = location
        self.format = format
    }
}
