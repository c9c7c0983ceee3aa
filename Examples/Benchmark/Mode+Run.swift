/// Running each mode: measure, print the table or `--json`, and name the coders that failed.
extension Mode {
    /// Runs the mode with `arguments`, printing results on standard output and progress through
    /// `progress`; returns the names of the coders that threw or failed their decode check.
    func run(with arguments: BenchmarkArguments, progress: @escaping (String) -> Void) throws -> [String] {
        switch self {
        case .help:
            print(BenchmarkArguments.usage)
            return []
        case .bulk:
            let rows = try BulkThroughput(
                warmup: arguments.effectiveWarmup, iterations: arguments.effectiveIterations, progress: progress
            ).run()
            print(BulkThroughput.render(rows))
            return []
        case .timing:
            let source = arguments.small ? nil : try PeopleSource.load(file: arguments.input)
            let runner = BenchmarkRunner(
                dataset: Dataset(people: try source?.people(scale: arguments.scale) ?? []), scale: arguments.scale,
                models: arguments.models, calls: arguments.timedCalls,
                warmup: arguments.effectiveWarmup, iterations: arguments.effectiveIterations, progress: progress
            )
            let rows = runner.run(try catalog(arguments))
            let header = RunHeader(arguments: arguments, source: source)
            print(arguments.json ? JSONReport.value(rows).text : header.text + "\n\n" + ResultTable.render(rows))
            return rows.filter(\.failed).map(\.coder)
        case .scaling:
            let source = try PeopleSource.load(file: arguments.input)
            let runner = ScalingRunner(
                source: source, models: arguments.models, warmup: arguments.effectiveWarmup,
                iterations: arguments.effectiveIterations, progress: progress
            )
            let rows = try runner.run(try catalog(arguments))
            let header = RunHeader(arguments: arguments, source: source)
            print(arguments.json ? JSONReport.value(rows).text : header.text + "\n\n" + ResultTable.render(rows))
            return rows.filter(\.failed).map(\.coder)
        case .instructions:
            let source = arguments.small ? nil : try PeopleSource.load(file: arguments.input)
            let counter = InstructionCounter(arguments: arguments, callgrind: try Callgrind(), progress: progress)
            let rows = try counter.run(try catalog(arguments))
            let header = RunHeader(arguments: arguments, source: source, callgrind: counter.callgrind)
            print(arguments.json ? JSONReport.value(rows).text : header.text + "\n\n" + ResultTable.render(rows))
            return rows.filter(\.failed).map(\.coder)
        case .measuredRun(let target):
            try MeasuredRun(target: target, arguments: arguments).run()
            return []
        }
    }

    private func catalog(_ arguments: BenchmarkArguments) throws -> [CatalogEntry] {
        try CoderSelection.select(
            arguments.coders,
            from: CoderCatalog.all(keyedArchiverRecords: arguments.effectiveKeyedArchiverRecords)
        )
    }
}
