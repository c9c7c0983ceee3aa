/// Where a todo program keeps its list: each program adapts its own model types and format.
public protocol TodoStorage {
    /// The saved items, or the starting items when nothing is saved yet.
    ///
    /// - Throws: when saved data exists but cannot be read; the data must then be left as it is.
    func load() throws -> [TodoEntry]

    /// Changes the saved items as one step: under a lock that every other process's update of
    /// the same list waits for, reads the items as ``load()`` does, lets `change` modify them,
    /// saves the result and releases the lock. When `change` throws, nothing is saved.
    ///
    /// - Returns: What `change` returns.
    /// - Throws: as ``load()``; when the lock cannot be taken or the items cannot be saved.
    func update<Result>(_ change: (inout [TodoEntry]) throws -> Result) throws -> Result

    /// The files the program uses, for `where`.
    var files: [TodoFile] { get }
}
