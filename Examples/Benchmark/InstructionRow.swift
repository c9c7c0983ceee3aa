/// One line of `--instructions`: a coder, a model and an operation, with the instructions
/// callgrind counted inside its measured calls.
struct InstructionRow: Sendable {
    var coder: String
    var model: ModelKind
    var operation: Operation
    /// Records per operation on the record models; `nil` for a small archive or when missing.
    var records: Int?
    /// How many calls were counted.
    var calls: Int
    /// Instructions counted in all `calls` calls together.
    var instructions: Int?
    /// Bytes of the archive written (encode) or read (decode).
    var bytes: Int?
    /// The Foundation coder this row is compared with (its encoder-side name), `nil` for the peers.
    var peer: String?
    /// The peer's instructions per operation on the same model and operation.
    var peerInstructionsPerOperation: Double?
    /// Why there are no figures: the kit is not built yet, or the child run failed.
    var missing: String?
    /// Whether the child run failed (as opposed to the kit not being built yet).
    var failed = false

    /// Instructions per encode or decode call.
    var instructionsPerOperation: Double? {
        instructions.map { Double($0) / Double(max(1, calls)) }
    }

    /// This row's instructions per operation divided by the peer's: below 1 means fewer.
    var peerRatio: Double? {
        guard let peerInstructionsPerOperation, peerInstructionsPerOperation > 0, let instructionsPerOperation
        else { return nil }
        return instructionsPerOperation / peerInstructionsPerOperation
    }

    /// Fills in each row's peer figure from the peer's row of the same model and operation.
    static func attachingPeers(_ rows: [InstructionRow]) -> [InstructionRow] {
        rows.map { row in
            var row = row
            row.peerInstructionsPerOperation =
                rows.first {
                    $0.coder == row.peer && $0.model == row.model && $0.operation == row.operation
                        && $0.records == row.records
                }?.instructionsPerOperation
            return row
        }
    }
}
