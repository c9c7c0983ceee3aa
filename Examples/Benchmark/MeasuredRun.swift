import Foundation

/// The child side of `--instructions`: one coder, model and operation, run under callgrind.
///
/// It builds the workload, encodes and checks one decode (as the timed rows do), makes the
/// warm-up calls, then the counted calls through ``MeasuredCalls/run(_:_:)``, and prints
/// `records N bytes N` on standard output for the parent's table.
struct MeasuredRun {
    /// The hidden option that starts a child run: `--measured-run coder:model:operation`.
    static let option = "--measured-run"

    /// The row a child measures.
    struct Target: Sendable, Equatable, CustomStringConvertible {
        var coder: String
        var model: ModelKind
        var operation: Operation

        init(coder: String, model: ModelKind, operation: Operation) {
            self.coder = coder
            self.model = model
            self.operation = operation
        }

        /// Reads `coder:model:operation`, e.g. `fastcoding:pair:decode`.
        init(parsing text: String) throws {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let model = ModelKind(rawValue: parts[1]),
                let operation = Operation(rawValue: parts[2])
            else {
                throw BenchmarkArguments.ParseError(
                    description: "\(MeasuredRun.option) needs coder:model:operation, got \"\(text)\"")
            }
            self.init(coder: parts[0], model: model, operation: operation)
        }

        /// The `coder:model:operation` spelling.
        var description: String { "\(coder):\(model.rawValue):\(operation.rawValue)" }
    }

    /// A child run that cannot measure its target.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var target: Target
    var arguments: BenchmarkArguments

    func run() throws {
        let entries = CoderCatalog.all(keyedArchiverRecords: arguments.effectiveKeyedArchiverRecords)
        guard case .available(let coder)? = entries.first(where: { $0.name == target.coder }) else {
            throw Failure(description: "no coder \"\(target.coder)\" to measure in this build")
        }
        guard coder.models.contains(target.model) else {
            throw Failure(description: "\(target.coder) does not code the \(target.model.rawValue) model")
        }
        let people =
            target.model.isSmallArchive
            ? [] : try PeopleSource.load(file: arguments.input).people(scale: arguments.scale)
        let calls = arguments.countedCalls(for: target.model)
        let work = coder.workload(
            for: target.model, dataset: Dataset(people: people), scale: arguments.scale, calls: calls)
        let archive = try work.encode()
        try work.check(archive)
        let call = work.call(target.operation, archive: archive)
        for _ in 0..<arguments.countingWarmup(for: target.model) {
            try call()
        }
        try MeasuredCalls.run(calls, call)
        print("records \(work.records) bytes \(archive.count)")
    }

    /// Reads the `records N bytes N` line a child printed.
    static func figures(in output: String) -> (records: Int, bytes: Int)? {
        let words = output.split(whereSeparator: \.isWhitespace)
        guard words.count == 4, words[0] == "records", words[2] == "bytes", let records = Int(words[1]),
            let bytes = Int(words[3])
        else { return nil }
        return (records, bytes)
    }
}
