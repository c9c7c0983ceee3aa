/// One measured (or missing) line of the results: a coder, a model and an operation.
struct ResultRow: Sendable {
    var coder: String
    var model: ModelKind
    var operation: Operation
    /// Records per encode or decode call (1 for a small archive); `nil` when missing.
    var records: Int?
    /// Calls per timed repetition: 1 for the record models, many for small archives.
    var calls = 1
    var measurement: Measurement?
    /// Bytes of the archive written (encode) or read (decode).
    var bytes: Int?
    /// The Foundation coder this row is compared with (its encoder-side name), `nil` for the peers.
    var peer: String?
    /// The peer's median on the same model and operation, filled in once every row ran.
    var peerMedianMilliseconds: Double?
    /// Why there are no figures: the kit is not built yet, or the coder failed its decode check.
    var missing: String?
    /// Whether the coder threw or failed its decode check (as opposed to not being built yet).
    var failed = false

    /// Peer median divided by this row's median: above 1 means faster than the peer.
    var speedup: Double? {
        guard let peerMedianMilliseconds, let median = measurement?.medianMilliseconds, median > 0 else { return nil }
        return peerMedianMilliseconds / median
    }

    /// Microseconds per call of `value` milliseconds per repetition.
    func microsecondsPerCall(_ milliseconds: Double) -> Double {
        milliseconds * 1000 / Double(max(1, calls))
    }

    /// Fills in each row's peer median from the peer's row of the same model and operation.
    static func attachingPeers(_ rows: [ResultRow]) -> [ResultRow] {
        rows.map { row in
            var row = row
            row.peerMedianMilliseconds =
                rows.first {
                    $0.coder == row.peer && $0.model == row.model && $0.operation == row.operation
                        && $0.records == row.records && $0.calls == row.calls
                }?.measurement?.medianMilliseconds
            return row
        }
    }
}
