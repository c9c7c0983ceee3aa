/// The model a workload codes: the 2,000 person records in two forms, one of the small
/// archives, or the records read by a later version of their model. The raw value is the name
/// used in tables, `--workloads` and JSON output.
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
    /// ``EvolvingPerson`` records whose archive holds every key.
    case evolvedComplete = "evolved-complete"
    /// ``Person`` records decoded as ``EvolvingPerson``: one key per record comes from the defaults.
    case evolvedMissing = "evolved-missing"

    /// The models of a normal run: one call codes all the records.
    static let records: [ModelKind] = [.struct, .class]
    /// The models of `--small`: one call codes one small value, so figures are per call.
    static let smallArchives: [ModelKind] = [.pair, .settings, .todoStruct, .todoClass]

    /// The models of `--evolution`: decoding into a model that gained a property.
    static let evolution: [ModelKind] = [.evolvedComplete, .evolvedMissing]

    /// Whether one call codes one small value (reported per call) rather than all the records.
    var isSmallArchive: Bool { Self.smallArchives.contains(self) }
}
