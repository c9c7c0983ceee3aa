import Foundation

/// Foundation's `NSKeyedArchiver`/`NSKeyedUnarchiver` (secure coding) on the equivalent
/// `NSObject` graph. It is slow on Linux, so it codes only the first `records` persons
/// (times the scale).
struct KeyedArchiverCoder: BenchmarkCoder {
    let name = CoderCatalog.keyedArchiverPeer
    let peer: String? = nil
    let models: [ModelKind] = [.class]
    /// How many persons one archive holds at scale 1.
    let records: Int

    func workload(for model: ModelKind, dataset: Dataset, scale: Int) -> Workload {
        let count = min(records * scale, dataset.people.count)
        let graph = NSArray(array: dataset.keyedPeople(count: count))
        let expected = Array(dataset.people.prefix(count))
        let companies = Set(expected.map(\.company)).count
        return Workload(
            coder: name, model: model, records: count,
            encode: { try NSKeyedArchiver.archivedData(withRootObject: graph, requiringSecureCoding: true) },
            decode: { try Self.unarchive($0).count },
            check: { data in
                let decoded = try Self.unarchive(data)
                try DecodeCheck.values(decoded.map(\.person), expected: expected)
                try DecodeCheck.sharedCompanies(decoded.map { ObjectIdentifier($0.company) }, expected: companies)
            }
        )
    }

    private static func unarchive(_ data: Data) throws -> [KeyedPerson] {
        let root = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, KeyedPerson.self], from: data)
        guard let people = root as? [KeyedPerson] else {
            throw DecodeCheckFailure(description: "NSKeyedUnarchiver gave back \(String(describing: root)), not an array of persons")
        }
        return people
    }
}
