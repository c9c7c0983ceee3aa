import CodingCore
import Foundation

/// A Codable coder driven through CodingCore's ``ArchiveFormat``: every kit of the suite and,
/// through small local formats, Foundation's JSON and property-list coders.
struct FormatCoder: BenchmarkCoder {
    let name: String
    let peer: String?
    let models = ModelKind.allCases
    private let format: any ArchiveFormat
    /// Whether decoding must keep shared instances shared (formats with references).
    private let keepsIdentity: Bool

    init(name: String, format: some ArchiveFormat, peer: String?, keepsIdentity: Bool) {
        self.name = name
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
