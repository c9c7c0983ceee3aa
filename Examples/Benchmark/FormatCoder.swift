import CodingCore
import Foundation

/// A Codable coder driven through CodingCore's ``ArchiveFormat``: every kit of the suite and,
/// through small local formats, Foundation's JSON and property-list coders.
struct FormatCoder: BenchmarkCoder {
    let name: String
    let peer: String?
    let models: [ModelKind]
    private let format: any ArchiveFormat
    /// Whether decoding must keep shared instances shared (formats with references).
    private let keepsIdentity: Bool

    /// A row for `format`; `evolves` says whether its decoder honours `Evolvable` (the suite's
    /// formats), which the `--evolution` workloads need.
    init(name: String, format: some ArchiveFormat, peer: String?, keepsIdentity: Bool, evolves: Bool = true) {
        self.name = name
        models = evolves ? ModelKind.allCases : ModelKind.allCases.filter { !ModelKind.evolution.contains($0) }
        self.format = format
        self.peer = peer
        self.keepsIdentity = keepsIdentity
    }

    func workload(for model: ModelKind, dataset: Dataset, scale: Int, calls: Int) -> Workload {
        let format = self.format
        switch model {
        case .struct:
            let people = dataset.people
            return Workload(
                coder: name, model: model, records: people.count, calls: 1,
                encode: { try format.encode(people) },
                decode: { _ = try format.decode([Person].self, from: $0) },
                check: { try DecodeCheck.values(try format.decode([Person].self, from: $0), expected: people) }
            )
        case .class:
            let objects = dataset.objects
            let companies = keepsIdentity ? dataset.companyCount : nil
            return Workload(
                coder: name, model: model, records: objects.count, calls: 1,
                encode: { try format.encode(objects) },
                decode: { _ = try format.decode([PersonObject].self, from: $0) },
                check: { data in
                    let decoded = try format.decode([PersonObject].self, from: data)
                    try DecodeCheck.values(decoded.map(\.value), expected: dataset.people)
                    if let companies {
                        try DecodeCheck.sharedCompanies(
                            decoded.map { ObjectIdentifier($0.company) }, expected: companies)
                    }
                }
            )
        case .evolvedComplete:
            let people = dataset.people.map(EvolvingPerson.init)
            return Workload(
                coder: name, model: model, records: people.count, calls: 1,
                encode: { try format.encode(people) },
                decode: { _ = try format.decode([EvolvingPerson].self, from: $0) },
                check: { try DecodeCheck.value(try format.decode([EvolvingPerson].self, from: $0), expected: people) }
            )
        case .evolvedMissing:
            let people = dataset.people
            let expected = people.map(EvolvingPerson.init)
            return Workload(
                coder: name, model: model, records: people.count, calls: 1,
                encode: { try format.encode(people) },
                decode: { _ = try format.decode([EvolvingPerson].self, from: $0) },
                check: { try DecodeCheck.value(try format.decode([EvolvingPerson].self, from: $0), expected: expected) }
            )
        case .pair:
            return smallWorkload(model, value: SmallSamples.pair, calls: calls)
        case .settings:
            return smallWorkload(model, value: SmallSamples.settings, calls: calls)
        case .todoStruct:
            return smallWorkload(model, value: SmallSamples.todoList, calls: calls)
        case .todoClass:
            let list = TodoListObject(SmallSamples.todoList)
            return Workload(
                coder: name, model: model, records: 1, calls: calls,
                encode: { try format.encode(list) },
                decode: { _ = try format.decode(TodoListObject.self, from: $0) },
                check: { data in
                    try DecodeCheck.value(
                        try format.decode(TodoListObject.self, from: data).value, expected: list.value)
                }
            )
        }
    }

    /// One small value per call, checked with `==`.
    private func smallWorkload<Value: Codable & Equatable>(_ model: ModelKind, value: Value, calls: Int) -> Workload {
        let format = self.format
        return Workload(
            coder: name, model: model, records: 1, calls: calls,
            encode: { try format.encode(value) },
            decode: { _ = try format.decode(Value.self, from: $0) },
            check: { try DecodeCheck.value(try format.decode(Value.self, from: $0), expected: value) }
        )
    }
}
