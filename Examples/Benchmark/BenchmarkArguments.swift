import Foundation

/// The benchmark's command-line options, parsed by hand (no third-party packages).
struct BenchmarkArguments: Sendable {
    /// A data file shaped like `people.json`; `nil` means the default file or the generator.
    var input: String?
    /// How many times the records are repeated.
    var scale = 1
    /// Timed repetitions per operation; `nil` means the mode's default.
    var iterations: Int?
    /// Untimed runs (or uncounted calls) before the measured ones; `nil` means the mode's default.
    var warmup: Int?
    /// Calls per timed repetition (`--small`) or measured calls per row (`--instructions`);
    /// `nil` means the mode's default.
    var calls: Int?
    /// Print machine-readable JSON instead of the table.
    var json = false
    /// Measure 1×, 4× and 16× the records instead of one size.
    var scaling = false
    /// Measure encryption throughput on a 64 MiB payload instead of the coders.
    var bulk = false
    /// Measure the small archives instead of the records.
    var small = false
    /// Measure decoding the records into a model that gained a property instead.
    var evolution = false
    /// Count instructions with callgrind instead of timing.
    var instructions = false
    /// Only these coders (their Foundation peers are added for the ratios); `nil` means all.
    var coders: [String]?
    /// Only these workloads (model names); `nil` means all of the mode's.
    var workloads: [String]?
    /// Persons in the `NSKeyedArchiver` row's archive (at scale 1); `nil` means the mode's default.
    var keyedArchiverRecords: Int?
    /// With `--instructions`: a folder to keep each row's callgrind output file in.
    var callgrindFolder: String?
    /// Set in the child process `--instructions` runs under callgrind: the one row it measures.
    var measuredRun: MeasuredRun.Target?
    /// Print usage and stop.
    var help = false

    /// What this run does.
    var mode: Mode {
        if help { return .help }
        if let measuredRun { return .measuredRun(measuredRun) }
        if bulk { return .bulk }
        if scaling { return .scaling }
        return instructions ? .instructions : .timing
    }

    /// The models of the mode: the records, the small archives with `--small`, or the evolution
    /// workloads with `--evolution`.
    var modeModels: [ModelKind] {
        small ? ModelKind.smallArchives : evolution ? ModelKind.evolution : ModelKind.records
    }

    /// The models measured: ``modeModels`` narrowed by `--workloads`.
    var models: [ModelKind] {
        guard let workloads else { return modeModels }
        return modeModels.filter { workloads.contains($0.rawValue) }
    }

    /// Timed repetitions for the chosen mode: 10 for a normal run, 3 for `--scaling`.
    var effectiveIterations: Int { iterations ?? (scaling ? 3 : 10) }

    /// Untimed runs before the timed ones: 2 unless `--warmup` says otherwise.
    var effectiveWarmup: Int { warmup ?? 2 }

    /// Calls per timed repetition on a small archive: 1,000 unless `--calls` says otherwise.
    var timedCalls: Int { calls ?? 1000 }

    /// Counted calls per `--instructions` row: 2 on the records, 500 on a small archive.
    func countedCalls(for model: ModelKind) -> Int { calls ?? (model.isSmallArchive ? 500 : 2) }

    /// Uncounted warm-up calls per `--instructions` row: 1 on the records, 20 on a small archive.
    func countingWarmup(for model: ModelKind) -> Int { warmup ?? (model.isSmallArchive ? 20 : 1) }

    /// `NSKeyedArchiver` archive size for the chosen mode: 100 persons, 25 with `--scaling`
    /// (its encode time grows much faster than linearly on Linux).
    var effectiveKeyedArchiverRecords: Int { keyedArchiverRecords ?? (scaling ? 25 : 100) }

    static let usage = """
        usage: Scripts/bench [options]

          --input FILE          person records to code (default ../shared/bench/people.json when
                                present, otherwise 2,000 records generated in process)
          --scale N             repeat the records N times (default 1)
          --iterations N        timed repetitions per operation (default 10; 3 with --scaling)
          --warmup N            untimed runs before timing (default 2); with --instructions,
                                uncounted calls per row (default 1; 20 with --small)
          --coders a,b          only these coders (their Foundation peers run too)
          --workloads a,b       only these workloads: struct, class; with --small pair, settings,
                                todo-struct, todo-class; with --evolution evolved-complete,
                                evolved-missing
          --keyed-records N     persons in the NSKeyedArchiver archive (default 100; 25 with --scaling;
                                its encode time grows faster than linearly on Linux)
          --small               the small archives (a 2-field pair, a 6-field settings
                                struct, a 10-item todo list as structs and as classes), coded
                                many times per timed repetition; figures in µs per call
          --evolution           decode the records into a model that gained a property: from
                                archives holding every key (evolved-complete) and from archives
                                of the older model, one key missing per record (evolved-missing);
                                the suite's coders only
          --calls N             calls per timed repetition with --small (default 1,000); with
                                --instructions, measured calls per row (default 2; 500 with --small)
          --instructions        instructions per operation from valgrind's callgrind instead of
                                times: one child process per row, counting only the measured
                                calls; combines with --small, --coders, --workloads, --scale
          --callgrind-out DIR   with --instructions, keep each row's callgrind output file in DIR
                                (coder-workload-op.callgrind) for callgrind_annotate
          --scaling             time per record at 1x, 4x and 16x the records, and linearity
          --bulk                CryptoCodingKit on a 64 MiB payload vs a bare EVP loop, in GB/s
          --json                machine-readable results on standard output
          -h, --help            this text
        """

    /// A command line the benchmark cannot run with.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws -> BenchmarkArguments {
        var parsed = BenchmarkArguments()
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw ParseError(description: "\(option) needs a value") }
            return value
        }
        func count(for option: String, minimum: Int) throws -> Int {
            let text = try value(for: option)
            guard let number = Int(text), number >= minimum else {
                throw ParseError(description: "\(option) needs a whole number of at least \(minimum), got \"\(text)\"")
            }
            return number
        }
        func list(for option: String) throws -> [String] {
            try value(for: option).split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        }
        while let option = remaining.popFirst() {
            switch option {
            case "--input": parsed.input = try value(for: option)
            case "--scale": parsed.scale = try count(for: option, minimum: 1)
            case "--iterations": parsed.iterations = try count(for: option, minimum: 1)
            case "--warmup": parsed.warmup = try count(for: option, minimum: 0)
            case "--calls": parsed.calls = try count(for: option, minimum: 1)
            case "--keyed-records": parsed.keyedArchiverRecords = try count(for: option, minimum: 1)
            case "--coders": parsed.coders = try list(for: option)
            case "--workloads": parsed.workloads = try list(for: option)
            case "--callgrind-out": parsed.callgrindFolder = try value(for: option)
            case "--json": parsed.json = true
            case "--scaling": parsed.scaling = true
            case "--bulk": parsed.bulk = true
            case "--small": parsed.small = true
            case "--evolution": parsed.evolution = true
            case "--instructions": parsed.instructions = true
            case MeasuredRun.option: parsed.measuredRun = try MeasuredRun.Target(parsing: try value(for: option))
            case "-h", "--help": parsed.help = true
            default: throw ParseError(description: "unknown option \"\(option)\"")
            }
        }
        try parsed.validate()
        return parsed
    }

    /// Rejects options that do not go together and unknown workload names.
    private func validate() throws {
        let modes = [("--bulk", bulk), ("--scaling", scaling), ("--instructions", instructions)].filter(\.1)
        if modes.count > 1 {
            throw ParseError(description: "\(modes.map(\.0).joined(separator: " and ")) cannot be combined")
        }
        for (option, isSet) in [("--small", small), ("--evolution", evolution)] where isSet && (bulk || scaling) {
            throw ParseError(description: "\(option) cannot be combined with \(bulk ? "--bulk" : "--scaling")")
        }
        if small && evolution {
            throw ParseError(description: "--small and --evolution cannot be combined")
        }
        if let workloads {
            let known = modeModels.map(\.rawValue)
            let mode = small ? " with --small" : evolution ? " with --evolution" : ""
            if let unknown = workloads.first(where: { !known.contains($0) }) {
                throw ParseError(
                    description:
                        "unknown workload \"\(unknown)\"\(mode); known workloads: \(known.joined(separator: ", "))")
            }
        }
    }
}
