/// Timing of one operation: warm-up runs, then timed repetitions summarised by median and minimum.
struct Measurement: Sendable {
    /// The median of the timed repetitions, in milliseconds.
    var medianMilliseconds: Double
    /// The fastest timed repetition, in milliseconds.
    var minimumMilliseconds: Double

    /// Runs `body` `warmup` times untimed, then `iterations` times timed (at least once).
    static func measure<T>(warmup: Int, iterations: Int, _ body: () throws -> T) rethrows -> Measurement {
        for _ in 0..<warmup {
            consume(try body())
        }
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<max(1, iterations) {
            var result: T?
            let elapsed = try clock.measure { result = try body() }
            consume(result)
            samples.append(milliseconds(elapsed))
        }
        samples.sort()
        let middle = samples.count / 2
        let median = samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
        return Measurement(medianMilliseconds: median, minimumMilliseconds: samples[0])
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// Keeps a result alive past the timed region, so the optimiser cannot drop the work.
    @inline(never)
    private static func consume<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }
}
