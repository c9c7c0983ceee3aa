/// The model a workload codes: the 2,000 person records in two forms, or one of issue 26's
/// small archives. The raw value is the name used in tables, `--workloads` and JSON output.
enum ModelKind: String, Sendable, CaseIterable {
    /// ``Person`` structs.
    case `struct`
    /// ``PersonObject`` classes sharing companies (through `NSSecureCoding` for `NSKeyedArchiver`).
    case `class`
    /// One ``SmallPair``.
    case pair
    /// One ``AppSettings``.
    case settings
    /// One ``TodoListValue`` of ten ``TodoEntry`` structs.
    case todoStruct = "todo-struct"
    /// One ``TodoListObject`` of ten ``TodoEntryObject`` classes.
    case todoClass = "todo-class"

    /// The models of a normal run: one call codes all the records.
    static let records: [ModelKind] = [.struct, .class]
    /// The models of `--small`: one call codes one small value, so figures are per call.
    static let smallArchives: [ModelKind] = [.pair, .settings, .todoStruct, .todoClass]

    /// Whether one call codes one small value (reported per call) rather than all the records.
    var isSmallArchive: Bool { Self.smallArchives.contains(self) }
}
