import Foundation

/// The `--instructions` mode: for every row, a child benchmark process under callgrind that
/// makes the row's warm-up calls and then its counted calls (``MeasuredRun``), one row at a time.
struct InstructionCounter {
    var arguments: BenchmarkArguments
    var callgrind: Callgrind
    /// Where progress lines go (standard error, so `--json` output stays clean).
    var progress: (String) -> Void

    /// Counts every row of `entries`; peers' figures are attached to the rows that compare with them.
    func run(_ entries: [CatalogEntry]) throws -> [InstructionRow] {
        let executable = try Self.executable()
        if let folder = arguments.callgrindFolder {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return InstructionRow.attachingPeers(
            entries.flatMap { entry in
                arguments.models.flatMap { model in
                    Operation.allCases.compactMap { operation in
                        let calls = arguments.countedCalls(for: model)
                        var row = InstructionRow(
                            coder: entry.name, model: model, operation: operation, calls: calls, peer: entry.peer)
                        switch entry {
                        case .missing(let coder):
                            row.missing = coder.reason
                        case .available(let coder):
                            guard coder.models.contains(model) else { return nil }
                            count(&row, executable: executable)
                        }
                        return row
                    }
                }
            })
    }

    private func count(_ row: inout InstructionRow, executable: String) {
        let target = MeasuredRun.Target(coder: row.coder, model: row.model, operation: row.operation)
        progress("counting \(target)")
        var childArguments = [
            MeasuredRun.option, target.description,
            "--calls", "\(row.calls)", "--warmup", "\(arguments.countingWarmup(for: row.model))",
            "--scale", "\(arguments.scale)", "--keyed-records", "\(arguments.effectiveKeyedArchiverRecords)",
        ]
        if let input = arguments.input { childArguments += ["--input", input] }
        do {
            let kept = arguments.callgrindFolder.map {
                "\($0)/\(row.coder)-\(row.model.rawValue)-\(row.operation.rawValue).callgrind"
            }
            let (instructions, output) = try callgrind.count(executable, childArguments, keeping: kept)
            guard let figures = MeasuredRun.figures(in: output) else {
                throw Callgrind.Failure(description: "the child printed no figures: \"\(output)\"")
            }
            row.instructions = instructions
            row.records = row.model.isSmallArchive ? nil : figures.records
            row.bytes = figures.bytes
        } catch {
            progress("  \(target) failed: \(error)")
            row.missing = "failed: \(error)"
            row.failed = true
        }
    }

    /// This program's own executable, which the children run.
    private static func executable() throws -> String {
        guard let path = Bundle.main.executablePath ?? CommandLine.arguments.first else {
            throw Callgrind.Failure(description: "cannot tell where the benchmark executable is")
        }
        return path
    }
}
