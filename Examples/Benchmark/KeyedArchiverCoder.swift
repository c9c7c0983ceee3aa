import Foundation

/// Foundation's `NSKeyedArchiver`/`NSKeyedUnarchiver` (secure coding) on the class model's
/// graph, through its `NSSecureCoding` conformance. It is slow on Linux, so it codes only the
/// first `records` persons (times the scale).
struct KeyedArchiverCoder: BenchmarkCoder {
    let name = CoderCatalog.keyedArchiverPeer
    let peer: String? = nil
    let models: [ModelKind] = [.class]
    /// How many persons one archive holds at scale 1.
    let records: Int

    func workload(for model: ModelKind, dataset: Dataset, scale: Int, calls: Int) -> Workload {
        let count = min(records * scale, dataset.people.count)
        let graph = NSArray(array: Array(dataset.objects.prefix(count)))
        let expected = Array(dataset.people.prefix(count))
        let companies = Set(expected.map(\.company)).count
        return Workload(
            coder: name, model: model, records: count, calls: 1,
            encode: { try NSKeyedArchiver.archivedData(withRootObject: graph, requiringSecureCoding: true) },
            decode: { _ = try Self.unarchive($0) },
            check: { data in
                let decoded = try Self.unarchive(data)
                try DecodeCheck.values(decoded.map(\.value), expected: expected)
                try DecodeCheck.sharedCompanies(decoded.map { ObjectIdentifier($0.company) }, expected: companies)
            }
        )
    }

    private static func unarchive(_ data: Data) throws -> [PersonObject] {
        let root = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, PersonObject.self], from: data)
        guard let people = root as? [PersonObject] else {
            throw DecodeCheckFailure(
                description: "NSKeyedUnarchiver gave back \(String(describing: root)), not an array of persons")
        }
        return people
    }
}
