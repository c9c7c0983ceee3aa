import Foundation

/// One coder on one model: how to encode it, decode it, and check a decode.
///
/// One call of `encode` or `decode` codes `records` records (all 2,000 person records of a
/// normal run) or one small value (``ModelKind/isSmallArchive``); a timed repetition makes
/// `calls` calls, so small archives, which take microseconds, are timed over many calls and
/// reported per call.
struct Workload {
    /// The coder's row name, e.g. `"fastcoding"` or `"JSONEncoder"`.
    var coder: String
    var model: ModelKind
    /// How many records one call codes: 1 for a small archive.
    var records: Int
    /// How many calls one timed repetition makes: 1 for the record workloads.
    var calls: Int
    /// Encodes the model into one archive.
    var encode: () throws -> Data
    /// Decodes an archive made by `encode`; the decoded value is released before it returns.
    var decode: (Data) throws -> Void
    /// Decodes an archive made by `encode` and throws ``DecodeCheckFailure`` unless it gives back
    /// the values encoded. Runs once, outside timing, so a broken coder cannot look fast.
    var check: (Data) throws -> Void

    /// Whether figures are per call (small archives) rather than per repetition over all records.
    var isPerCall: Bool { model.isSmallArchive }

    /// `encode` or `decode` of `archive` as one call, for the timed and counted loops.
    func call(_ operation: Operation, archive: Data) -> () throws -> Void {
        switch operation {
        case .encode: { _ = try encode() }
        case .decode: { try decode(archive) }
        }
    }
}

/// A decode that did not give back the records that were encoded.
struct DecodeCheckFailure: Error, CustomStringConvertible {
    var description: String
}
