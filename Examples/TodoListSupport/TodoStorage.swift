/// Where a todo program keeps its list: each program adapts its own model types and format.
public protocol TodoStorage {
    /// The saved items, or the starting items when nothing is saved yet.
    ///
    /// - Throws: when saved data exists but cannot be read; the data must then be left as it is.
    func load() throws -> [TodoEntry]
    /// Replaces the saved items with `entries`.
    func save(_ entries: [TodoEntry]) throws
    /// The files the program uses, for `where`.
    var files: [TodoFile] { get }
}
