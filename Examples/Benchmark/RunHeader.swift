import Foundation

/// The lines above the table: what was measured, how, and on what machine.
struct RunHeader {
    var arguments: BenchmarkArguments
    var source: PeopleSource

    var text: String {
        let records = source.records.count * arguments.scale
        let build: String
        #if DEBUG
            build = "DEBUG build: figures are not representative, use Scripts/bench"
        #else
            build = "release build"
        #endif
        let info = ProcessInfo.processInfo
        let mode =
            arguments.scaling
            ? "scales \(ScalingRunner.scales.map { "\($0)×" }.joined(separator: ", ")) of \(source.records.count) records"
            : "\(records) records (\(source.records.count) × scale \(arguments.scale))"
        return """
            Benchmark: \(mode) from \(source.origin)
            \(arguments.effectiveIterations) timed iterations after \(arguments.warmup) warm-up runs; median and min per operation; \(build)
            NSKeyedArchiver row: \(arguments.effectiveKeyedArchiverRecords) records per scale step (it is slow on Linux; --keyed-records N)
            \(info.activeProcessorCount) cores, \(info.operatingSystemVersionString), \(Date().formatted(.iso8601))
            """
    }
}
