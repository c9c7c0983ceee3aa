/// The `--scaling` mode: each coder at 1×, 4× and 16× the records, to see whether its time
/// per record stays flat (linear) as archives grow.
struct ScalingRunner {
    /// The multiples of the base records measured.
    static let scales = [1, 4, 16]

    var source: PeopleSource
    /// The record models measured.
    var models: [ModelKind]
    var warmup: Int
    var iterations: Int
    var progress: (String) -> Void

    /// Measures `entries` at every scale and returns one ``ScalingRow`` per coder, model and operation.
    func run(_ entries: [CatalogEntry]) throws -> [ScalingRow] {
        var rows: [ScalingRow] = []
        for scale in Self.scales {
            progress("scale \(scale)×")
            let dataset = Dataset(people: try source.people(scale: scale))
            let runner = BenchmarkRunner(
                dataset: dataset, scale: scale, models: models, calls: 1, warmup: warmup, iterations: iterations,
                progress: progress
            )
            for result in runner.run(entries) {
                let point = result.measurement.map {
                    ScalingRow.Point(
                        scale: scale, records: result.records ?? 0, medianMilliseconds: $0.medianMilliseconds)
                }
                if let index = rows.firstIndex(where: {
                    $0.coder == result.coder && $0.model == result.model && $0.operation == result.operation
                }) {
                    rows[index].add(point, missing: result.missing, failed: result.failed)
                } else {
                    var row = ScalingRow(coder: result.coder, model: result.model, operation: result.operation)
                    row.add(point, missing: result.missing, failed: result.failed)
                    rows.append(row)
                }
            }
        }
        return rows
    }
}

/// One coder, model and operation measured at several scales.
struct ScalingRow: Sendable {
    /// One scale's figures.
    struct Point: Sendable {
        var scale: Int
        var records: Int
        var medianMilliseconds: Double

        /// Median time per record, in microseconds.
        var microsecondsPerRecord: Double { records > 0 ? medianMilliseconds * 1000 / Double(records) : 0 }
    }

    var coder: String
    var model: ModelKind
    var operation: Operation
    var points: [Point] = []
    /// Why some scale has no figures (first reason met), or `nil`.
    var missing: String?
    /// Whether the coder threw or failed its decode check at some scale.
    var failed = false

    /// Time per record at the largest scale divided by time per record at 1×: 1.0 is perfectly
    /// linear, 2.0 means each record costs twice as much in a 16× archive.
    var linearity: Double? {
        guard missing == nil, let first = points.first, let last = points.last, points.count > 1,
            first.microsecondsPerRecord > 0
        else { return nil }
        return last.microsecondsPerRecord / first.microsecondsPerRecord
    }

    mutating func add(_ point: Point?, missing reason: String?, failed: Bool) {
        if let point { points.append(point) }
        if missing == nil { missing = reason }
        self.failed = self.failed || failed
    }
}
