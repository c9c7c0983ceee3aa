/// What one run of the benchmark does, chosen by its options (``BenchmarkArguments/mode``).
enum Mode: Sendable {
    /// Print the usage.
    case help
    /// The timing table: the 2,000 records, or the small archives with `--small`.
    case timing
    /// `--scaling`: time per record at several multiples of the records.
    case scaling
    /// `--bulk`: CryptoCodingKit's throughput on one large payload.
    case bulk
    /// `--instructions`: callgrind instruction counts per operation, one child process per row.
    case instructions
    /// The hidden child side of `--instructions`: one row's measured calls, run under callgrind.
    case measuredRun(MeasuredRun.Target)
}
