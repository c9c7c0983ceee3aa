import Foundation

/// Prints a line on standard error (progress and errors), keeping standard output for results.
func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

do {
    let arguments = try BenchmarkArguments.parse(Array(CommandLine.arguments.dropFirst()))
    let failed = try arguments.mode.run(with: arguments, progress: report)
    // Status 1 when some coder threw or failed its decode check, so CI notices.
    if !failed.isEmpty {
        report("error: failed: \(Set(failed).sorted().joined(separator: ", ")) (see the missing notes)")
        exit(1)
    }
} catch let error as BenchmarkArguments.ParseError {
    report("error: \(error)\n\n\(BenchmarkArguments.usage)")
    exit(2)
} catch {
    report("error: \(error)")
    exit(1)
}
