import Foundation

/// Runs every coder of a catalog on one dataset and collects a ``ResultRow`` per coder, model
/// and operation.
struct BenchmarkRunner {
    var dataset: Dataset
    var scale: Int
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
                    return ModelKind.allCases.flatMap { model in
                        Operation.allCases.map { operation in
                            ResultRow(
                                coder: coder.name, model: model, operation: operation, peer: coder.peer,
                                missing: coder.reason)
                        }
                    }
                case .available(let coder):
                    return coder.models.flatMap { rows(for: coder, model: $0) }
                }
            })
    }

    private func rows(for coder: any BenchmarkCoder, model: ModelKind) -> [ResultRow] {
        progress("measuring \(coder.name) (\(model.rawValue))")
        let work = coder.workload(for: model, dataset: dataset, scale: scale)
        func row(_ operation: Operation) -> ResultRow {
            ResultRow(coder: coder.name, model: model, operation: operation, records: work.records, peer: coder.peer)
        }
        do {
            let archive = try work.encode()
            try work.check(archive)
            var encode = row(.encode)
            encode.measurement = try Measurement.measure(warmup: warmup, iterations: iterations, work.encode)
            encode.bytes = archive.count
            var decode = row(.decode)
            decode.measurement = try Measurement.measure(warmup: warmup, iterations: iterations) {
                try work.decode(archive)
            }
            decode.bytes = archive.count
            return [encode, decode]
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
