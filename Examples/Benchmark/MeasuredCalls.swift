/// The one function whose instructions `--instructions` counts: callgrind starts collecting
/// when it is entered and stops when it returns (`--toggle-collect`), so set-up, data loading,
/// the decode check and warm-up calls are not counted, and everything the calls do — including
/// releasing what they return — is.
enum MeasuredCalls {
    /// The callgrind `--toggle-collect` pattern for ``run(_:_:)``: its mangled name's prefix, so
    /// specialisations the optimiser makes of it match too.
    static let symbolPattern = "$s9Benchmark13MeasuredCallsO3run*"

    /// Makes `count` calls of `call`. Never inlined, so it keeps its own symbol for callgrind;
    /// it defines no closures, so no other symbol shares its name's prefix.
    @inline(never)
    static func run(_ count: Int, _ call: () throws -> Void) rethrows {
        for _ in 0..<count {
            try call()
        }
    }
}
