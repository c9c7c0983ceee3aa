/// The machine-readable results (`--json`): a JSON array of rows on standard output.
///
/// Normal run, one object per coder, model and operation, keys in this order:
/// `coder`, `model` (`"struct"`/`"class"`), `operation` (`"encode"`/`"decode"`), `records`,
/// `median_ms`, `min_ms`, `bytes`, `peer` (encoder-side name of the Foundation coder compared
/// with, `null` for the peers themselves), `peer_median_ms`, `speedup` (peer median / our
/// median), `missing` (`null`, or why the figures are `null`).
///
/// Small archives (`--small --json`): `coder`, `model` (`"pair"`, `"settings"`,
/// `"todo-struct"`, `"todo-class"`), `operation`, `calls` (per timed repetition), `median_us`
/// and `min_us` (per call), `bytes`, `peer`, `peer_median_us`, `speedup`, `missing`.
enum JSONReport {
    static func value(_ rows: [ResultRow]) -> JSONValue {
        .array(
            rows.map { row in
                if row.model.isSmallArchive {
                    return .object([
                        ("coder", .string(row.coder)),
                        ("model", .string(row.model.rawValue)),
                        ("operation", .string(row.operation.rawValue)),
                        ("calls", .int(row.calls)),
                        ("median_us", perCall(row, row.measurement?.medianMilliseconds)),
                        ("min_us", perCall(row, row.measurement?.minimumMilliseconds)),
                        ("bytes", .optional(row.bytes, JSONValue.int)),
                        ("peer", .optional(row.peer, JSONValue.string)),
                        ("peer_median_us", perCall(row, row.peerMedianMilliseconds)),
                        ("speedup", .optional(row.speedup) { .double(NumberFormatting.rounded($0, 3)) }),
                        ("missing", .optional(row.missing, JSONValue.string)),
                    ])
                }
                return .object([
                    ("coder", .string(row.coder)),
                    ("model", .string(row.model.rawValue)),
                    ("operation", .string(row.operation.rawValue)),
                    ("records", .optional(row.records, JSONValue.int)),
                    ("median_ms", milliseconds(row.measurement?.medianMilliseconds)),
                    ("min_ms", milliseconds(row.measurement?.minimumMilliseconds)),
                    ("bytes", .optional(row.bytes, JSONValue.int)),
                    ("peer", .optional(row.peer, JSONValue.string)),
                    ("peer_median_ms", milliseconds(row.peerMedianMilliseconds)),
                    ("speedup", .optional(row.speedup) { .double(NumberFormatting.rounded($0, 3)) }),
                    ("missing", .optional(row.missing, JSONValue.string)),
                ])
            })
    }

    /// Instruction counts (`--instructions --json`): `coder`, `model`, `operation`, `records`
    /// (per operation; `null` for a small archive), `calls` (counted calls), `instructions`
    /// (counted in all of them), `instructions_per_op`, `bytes`, `peer`,
    /// `peer_instructions_per_op`, `peer_ratio` (ours / the peer's: below 1 is fewer), `missing`.
    static func value(_ rows: [InstructionRow]) -> JSONValue {
        .array(
            rows.map { row in
                .object([
                    ("coder", .string(row.coder)),
                    ("model", .string(row.model.rawValue)),
                    ("operation", .string(row.operation.rawValue)),
                    ("records", row.model.isSmallArchive ? .null : .optional(row.records, JSONValue.int)),
                    ("calls", .int(row.calls)),
                    ("instructions", .optional(row.instructions, JSONValue.int)),
                    (
                        "instructions_per_op",
                        .optional(row.instructionsPerOperation) { .double(($0 * 10).rounded() / 10) }
                    ),
                    ("bytes", .optional(row.bytes, JSONValue.int)),
                    ("peer", .optional(row.peer, JSONValue.string)),
                    (
                        "peer_instructions_per_op",
                        .optional(row.peerInstructionsPerOperation) { .double(($0 * 10).rounded() / 10) }
                    ),
                    ("peer_ratio", .optional(row.peerRatio) { .double(NumberFormatting.rounded($0, 4)) }),
                    ("missing", .optional(row.missing, JSONValue.string)),
                ])
            })
    }

    /// Scaling run (`--scaling --json`): one object per coder, model and operation with
    /// `points` (`scale`, `records`, `median_ms`, `us_per_record`) and `linearity`
    /// (time per record at 16× over time per record at 1×), plus `missing`.
    static func value(_ rows: [ScalingRow]) -> JSONValue {
        .array(
            rows.map { row in
                .object([
                    ("coder", .string(row.coder)),
                    ("model", .string(row.model.rawValue)),
                    ("operation", .string(row.operation.rawValue)),
                    (
                        "points",
                        .array(
                            row.points.map { point in
                                .object([
                                    ("scale", .int(point.scale)),
                                    ("records", .int(point.records)),
                                    ("median_ms", milliseconds(point.medianMilliseconds)),
                                    (
                                        "us_per_record",
                                        .double(NumberFormatting.rounded(point.microsecondsPerRecord, 3))
                                    ),
                                ])
                            })
                    ),
                    ("linearity", .optional(row.linearity) { .double(NumberFormatting.rounded($0, 3)) }),
                    ("missing", .optional(row.missing, JSONValue.string)),
                ])
            })
    }

    /// Microseconds per call of a per-repetition figure in milliseconds.
    private static func perCall(_ row: ResultRow, _ value: Double?) -> JSONValue {
        .optional(value) { .double(NumberFormatting.rounded(row.microsecondsPerCall($0), 3)) }
    }

    private static func milliseconds(_ value: Double?) -> JSONValue {
        .optional(value) { .double(NumberFormatting.rounded($0, 3)) }
    }
}
