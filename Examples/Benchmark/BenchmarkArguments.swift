import Foundation

/// The benchmark's command-line options, parsed by hand (no third-party packages).
struct BenchmarkArguments: Sendable {
    /// A data file shaped like `people.json`; `nil` means the default file or the generator.
    var input: String?
    /// How many times the records are repeated.
    var scale = 1
    /// Timed repetitions per operation; `nil` means the mode's default.
    var iterations: Int?
    /// Untimed runs before the timed ones.
    var warmup = 2
    /// Print machine-readable JSON instead of the table.
    var json = false
    /// Measure 1×, 4× and 16× the records instead of one size.
    var scaling = false
    /// Measure encryption throughput on a 64 MiB payload instead of the coders.
    var bulk = false
    /// Only these coders (their Foundation peers are added for the ratios); `nil` means all.
    var coders: [String]?
    /// Persons in the `NSKeyedArchiver` row's archive (at scale 1); `nil` means the mode's default.
    var keyedArchiverRecords: Int?
    /// Print usage and stop.
    var help = false

    /// Timed repetitions for the chosen mode: 10 for a normal run, 3 for `--scaling`.
    var effectiveIterations: Int { iterations ?? (scaling ? 3 : 10) }

    /// `NSKeyedArchiver` archive size for the chosen mode: 100 persons, 25 with `--scaling`
    /// (its encode time grows much faster than linearly on Linux).
    var effectiveKeyedArchiverRecords: Int { keyedArchiverRecords ?? (scaling ? 25 : 100) }

    static let usage = """
        usage: Scripts/bench [options]

          --input FILE          person records to code (default ../shared/bench/people.json when
                                present, otherwise 2,000 records generated in process)
          --scale N             repeat the records N times (default 1)
          --iterations N        timed repetitions per operation (default 10; 3 with --scaling)
          --warmup N            untimed runs before timing (default 2)
          --coders a,b          only these coders (their Foundation peers run too)
          --keyed-records N     persons in the NSKeyedArchiver archive (default 100; 25 with --scaling;
                                its encode time grows faster than linearly on Linux)
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
        while let option = remaining.popFirst() {
            switch option {
            case "--input": parsed.input = try value(for: option)
            case "--scale": parsed.scale = try count(for: option, minimum: 1)
            case "--iterations": parsed.iterations = try count(for: option, minimum: 1)
            case "--warmup": parsed.warmup = try count(for: option, minimum: 0)
            case "--keyed-records": parsed.keyedArchiverRecords = try count(for: option, minimum: 1)
            case "--coders":
                parsed.coders = try value(for: option).split(separator: ",").map {
                    String($0).trimmingCharacters(in: .whitespaces)
                }
            case "--json": parsed.json = true
            case "--scaling": parsed.scaling = true
            case "--bulk": parsed.bulk = true
            case "-h", "--help": parsed.help = true
            default: throw ParseError(description: "unknown option \"\(option)\"")
            }
        }
        return parsed
    }
}
