/// A program's item model that converts to and from the shared commands' ``TodoEntry``.
public protocol TodoEntryConvertible {
    /// The item `entry` describes.
    init(_ entry: TodoEntry)
    /// The item as the shared commands see it.
    var entry: TodoEntry { get }
}

extension Array where Element: TodoEntryConvertible {
    /// Runs `change` on the items as entries and replaces the items with the result, for a
    /// storage's ``TodoStorage/update(_:)``.
    ///
    /// - Returns: What `change` returns; when it throws, the items are left as they were.
    public mutating func changeEntries<Result>(_ change: (inout [TodoEntry]) throws -> Result) rethrows -> Result {
        var entries = map(\.entry)
        let result = try change(&entries)
        self = entries.map(Element.init)
        return result
    }
}
