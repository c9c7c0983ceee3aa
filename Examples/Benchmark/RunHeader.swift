import Foundation

/// The lines above the table: what was measured, how, and on what machine.
struct RunHeader {
    var arguments: BenchmarkArguments
    /// Where the records came from; `nil` for the small archives.
    var source: PeopleSource?
    /// The counting tool of `--instructions`.
    var callgrind: Callgrind?

    var text: String {
        let build: String
        #if DEBUG
            build = "DEBUG build: figures are not representative, use Scripts/bench"
        #else
            build = "release build"
        #endif
        let info = ProcessInfo.processInfo
        var lines = [what]
        if let callgrind {
            let calls = arguments.models.map { arguments.countedCalls(for: $0) }.max() ?? 0
            let warmup = arguments.models.map { arguments.countingWarmup(for: $0) }.max() ?? 0
            lines += [
                "Instructions per operation: \(callgrind.version) --tool=callgrind, one child process per row: "
                    + "\(warmup) uncounted warm-up call(s), then \(calls) counted calls; \(build)",
                "counted only inside MeasuredCalls.run (--collect-atstart=no --toggle-collect), "
                    + "SWIFT_DETERMINISTIC_HASHING=1",
            ]
        } else {
            lines.append(
                "\(arguments.effectiveIterations) timed iterations after \(arguments.effectiveWarmup) warm-up runs; "
                    + "median and min per operation; \(build)")
        }
        if !arguments.small && arguments.models.contains(.class) {
            lines.append(
                "NSKeyedArchiver row: \(arguments.effectiveKeyedArchiverRecords) records per scale step "
                    + "(it is slow on Linux; --keyed-records N)")
        }
        lines.append(
            "\(info.activeProcessorCount) cores, \(info.operatingSystemVersionString), \(Date().formatted(.iso8601))")
        return lines.joined(separator: "\n")
    }

    /// The first line: the workloads and where their data came from.
    private var what: String {
        if arguments.small {
            let calls =
                callgrind == nil
                ? ", \(NumberFormatting.grouped(arguments.timedCalls)) calls per timed repetition, µs per call" : ""
            return "Benchmark: small archives (\(arguments.models.map(\.rawValue).joined(separator: ", ")))\(calls)"
        }
        let base = source?.records.count ?? 0
        let origin = source?.origin ?? ""
        if arguments.scaling {
            return
                "Benchmark: scales \(ScalingRunner.scales.map { "\($0)×" }.joined(separator: ", ")) of \(base) records from \(origin)"
        }
        return "Benchmark: \(base * arguments.scale) records (\(base) × scale \(arguments.scale)) from \(origin)"
    }
}
