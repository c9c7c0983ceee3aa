import Foundation

/// Runs every coder of a catalog on one dataset and collects a ``ResultRow`` per coder, model
/// and operation.
struct BenchmarkRunner {
    var dataset: Dataset
    var scale: Int
    /// The models measured: ``ModelKind/records`` or ``ModelKind/smallArchives`` (or a part).
    var models: [ModelKind]
    /// Calls per timed repetition for the small archives.
    var calls: Int
    var warmup: Int
    var iterations: Int
    /// Where progress lines go (standard error, so `--json` output stays clean).
    var progress: (String) -> Void

    /// Measures `entries`; peers' figures are attached to the rows that compare with them.
    func run(_ entries: [CatalogEntry]) -> [ResultRow] {
        ResultRow.attachingPeers(
            entries.flatMap { entry in
                switch entry {
                case .missing(let coder):
                    return models.flatMap { model in
                        Operation.allCases.map { operation in
                            ResultRow(
                                coder: coder.name, model: model, operation: operation, peer: coder.peer,
                                missing: coder.reason)
                        }
                    }
                case .available(let coder):
                    return models.filter(coder.models.contains).flatMap { rows(for: coder, model: $0) }
                }
            })
    }

    private func rows(for coder: any BenchmarkCoder, model: ModelKind) -> [ResultRow] {
        progress("measuring \(coder.name) (\(model.rawValue))")
        let work = coder.workload(for: model, dataset: dataset, scale: scale, calls: calls)
        func row(_ operation: Operation) -> ResultRow {
            ResultRow(
                coder: coder.name, model: model, operation: operation, records: work.records, calls: work.calls,
                peer: coder.peer)
        }
        do {
            let archive = try work.encode()
            try work.check(archive)
            return try Operation.allCases.map { operation in
                var measured = row(operation)
                let call = work.call(operation, archive: archive)
                measured.measurement = try Measurement.measure(warmup: warmup, iterations: iterations) {
                    for _ in 0..<work.calls { try call() }
                }
                measured.bytes = archive.count
                return measured
            }
        } catch {
            progress("  \(coder.name) (\(model.rawValue)) failed: \(error)")
            return Operation.allCases.map { operation in
                var failed = row(operation)
                failed.missing = "failed: \(error)"
                failed.failed = true
                return failed
            }
        }
    }
}
