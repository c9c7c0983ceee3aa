import Foundation

/// Prints a line on standard error (progress and errors), keeping standard output for results.
func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Ends with status 1 when some coder threw or failed its decode check, so CI notices.
func exitIfAnyFailed(_ coders: [String]) {
    guard !coders.isEmpty else { return }
    report("error: failed: \(Set(coders).sorted().joined(separator: ", ")) (see the missing notes)")
    exit(1)
}

do {
    let arguments = try BenchmarkArguments.parse(Array(CommandLine.arguments.dropFirst()))
    if arguments.help {
        print(BenchmarkArguments.usage)
        exit(0)
    }
    if arguments.bulk {
        let rows = try BulkThroughput(
            warmup: arguments.warmup, iterations: arguments.effectiveIterations, progress: report
        ).run()
        print(BulkThroughput.render(rows))
        exit(0)
    }
    let source = try PeopleSource.load(file: arguments.input)
    let catalog = try CoderSelection.select(
        arguments.coders,
        from: CoderCatalog.all(keyedArchiverRecords: arguments.effectiveKeyedArchiverRecords)
    )
    let header = RunHeader(arguments: arguments, source: source)
    if arguments.scaling {
        let runner = ScalingRunner(
            source: source, warmup: arguments.warmup, iterations: arguments.effectiveIterations, progress: report
        )
        let rows = try runner.run(catalog)
        print(arguments.json ? JSONReport.value(rows).text : header.text + "\n\n" + ResultTable.render(rows))
        exitIfAnyFailed(rows.filter(\.failed).map(\.coder))
    } else {
        let runner = BenchmarkRunner(
            dataset: Dataset(people: try source.people(scale: arguments.scale)), scale: arguments.scale,
            warmup: arguments.warmup, iterations: arguments.effectiveIterations, progress: report
        )
        let rows = runner.run(catalog)
        print(arguments.json ? JSONReport.value(rows).text : header.text + "\n\n" + ResultTable.render(rows))
        exitIfAnyFailed(rows.filter(\.failed).map(\.coder))
    }
} catch let error as BenchmarkArguments.ParseError {
    report("error: \(error)\n\n\(BenchmarkArguments.usage)")
    exit(2)
} catch {
    report("error: \(error)")
    exit(1)
}
