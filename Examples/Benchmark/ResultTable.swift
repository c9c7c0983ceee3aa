/// The human-readable report of a normal run: one line per coder, model and operation, then
/// one note per coder that has no figures.
enum ResultTable {
    static func render(_ rows: [ResultRow]) -> String {
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
            let comparison =
                row.speedup.map { "\(NumberFormatting.fixed($0, 2))× \(row.peer ?? "")" }
                ?? (row.peer.map { "\($0) not measured" } ?? "(peer)")
            table.rows.append([
                row.coder, row.model.rawValue, row.operation.rawValue, "\(records)",
                NumberFormatting.fixed(measurement.medianMilliseconds, 2),
                NumberFormatting.fixed(measurement.minimumMilliseconds, 2),
                row.bytes.map(NumberFormatting.grouped) ?? "",
                comparison,
            ])
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
