/// The human-readable report of a normal run: one line per coder, model and operation, then
/// one note per coder that has no figures.
enum ResultTable {
    static func render(_ rows: [ResultRow]) -> String {
        if rows.contains(where: \.model.isSmallArchive) { return renderPerCall(rows) }
        var table = TextTable(columns: [
            .init(title: "coder", alignsRight: false),
            .init(title: "model", alignsRight: false),
            .init(title: "op", alignsRight: false),
            .init(title: "records", alignsRight: true),
            .init(title: "median ms", alignsRight: true),
            .init(title: "min ms", alignsRight: true),
            .init(title: "bytes", alignsRight: true),
            .init(title: "vs peer", alignsRight: false),
        ])
        for row in rows {
            guard let measurement = row.measurement, let records = row.records else { continue }
            table.rows.append([
                row.coder, row.model.rawValue, row.operation.rawValue, "\(records)",
                NumberFormatting.fixed(measurement.medianMilliseconds, 2),
                NumberFormatting.fixed(measurement.minimumMilliseconds, 2),
                row.bytes.map(NumberFormatting.grouped) ?? "",
                comparison(row),
            ])
        }
        return table.render() + notesSection(rows.map { ($0.coder, $0.missing) })
    }

    /// The `--small` report: microseconds per call, each repetition making `calls` calls.
    private static func renderPerCall(_ rows: [ResultRow]) -> String {
        var table = TextTable(columns: [
            .init(title: "coder", alignsRight: false),
            .init(title: "workload", alignsRight: false),
            .init(title: "op", alignsRight: false),
            .init(title: "calls", alignsRight: true),
            .init(title: "median µs", alignsRight: true),
            .init(title: "min µs", alignsRight: true),
            .init(title: "bytes", alignsRight: true),
            .init(title: "vs peer", alignsRight: false),
        ])
        for row in rows {
            guard let measurement = row.measurement else { continue }
            table.rows.append([
                row.coder, row.model.rawValue, row.operation.rawValue, NumberFormatting.grouped(row.calls),
                NumberFormatting.fixed(row.microsecondsPerCall(measurement.medianMilliseconds), 2),
                NumberFormatting.fixed(row.microsecondsPerCall(measurement.minimumMilliseconds), 2),
                row.bytes.map(NumberFormatting.grouped) ?? "",
                comparison(row),
            ])
        }
        return table.render() + notesSection(rows.map { ($0.coder, $0.missing) })
    }

    /// "9.13× JSONEncoder" (peer median ÷ this median), or why there is no ratio.
    private static func comparison(_ row: ResultRow) -> String {
        row.speedup.map { "\(NumberFormatting.fixed($0, 2))× \(row.peer ?? "")" }
            ?? (row.peer.map { "\($0) not measured" } ?? "(peer)")
    }

    /// The `--instructions` report: instructions per operation and their ratio to the peer's
    /// (records per operation on the record models; none on the small archives).
    static func render(_ rows: [InstructionRow]) -> String {
        let small = rows.contains(where: \.model.isSmallArchive)
        var columns: [TextTable.Column] = [
            .init(title: "coder", alignsRight: false),
            .init(title: small ? "workload" : "model", alignsRight: false),
            .init(title: "op", alignsRight: false),
        ]
        if !small { columns.append(.init(title: "records", alignsRight: true)) }
        columns += [
            .init(title: "calls", alignsRight: true),
            .init(title: "instructions/op", alignsRight: true),
            .init(title: "bytes", alignsRight: true),
            .init(title: "÷ peer", alignsRight: false),
        ]
        var table = TextTable(columns: columns)
        for row in rows {
            guard let perOperation = row.instructionsPerOperation else { continue }
            var cells = [row.coder, row.model.rawValue, row.operation.rawValue]
            if !small { cells.append(row.records.map { "\($0)" } ?? "") }
            cells += [
                NumberFormatting.grouped(row.calls), NumberFormatting.grouped(Int(perOperation.rounded())),
                row.bytes.map(NumberFormatting.grouped) ?? "",
                row.peerRatio.map { "\(NumberFormatting.fixed($0, 3))× \(row.peer ?? "")" }
                    ?? (row.peer.map { "\($0) not measured" } ?? "(peer)"),
            ]
            table.rows.append(cells)
        }
        return table.render() + notesSection(rows.map { ($0.coder, $0.missing) })
    }

    /// The scaling report: time per record at each scale and the linearity figure.
    static func render(_ rows: [ScalingRow]) -> String {
        var columns: [TextTable.Column] = [
            .init(title: "coder", alignsRight: false),
            .init(title: "model", alignsRight: false),
            .init(title: "op", alignsRight: false),
        ]
        columns += ScalingRunner.scales.map { .init(title: "µs/rec \($0)×", alignsRight: true) }
        columns.append(.init(title: "linearity", alignsRight: true))
        var table = TextTable(columns: columns)
        for row in rows where row.missing == nil {
            table.rows.append(
                [row.coder, row.model.rawValue, row.operation.rawValue]
                    + row.points.map { NumberFormatting.fixed($0.microsecondsPerRecord, 2) }
                    + [row.linearity.map { NumberFormatting.fixed($0, 2) } ?? ""]
            )
        }
        return table.render() + notesSection(rows.map { ($0.coder, $0.missing) })
    }

    /// One "coder: reason" line per distinct reason a coder has no figures.
    private static func notesSection(_ reasons: [(coder: String, missing: String?)]) -> String {
        var notes: [String] = []
        for case let (coder, missing?) in reasons where !notes.contains("\(coder): \(missing)") {
            notes.append("\(coder): \(missing)")
        }
        return notes.isEmpty ? "" : "\n\nNot measured:\n" + notes.map { "  " + $0 }.joined(separator: "\n")
    }
}
