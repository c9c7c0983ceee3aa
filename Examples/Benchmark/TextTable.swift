/// A plain-text table with padded columns, for results people read in a terminal.
struct TextTable {
    /// A column's heading and which side its cells hug.
    struct Column {
        var title: String
        var alignsRight: Bool
    }

    var columns: [Column]
    var rows: [[String]] = []

    /// The table with a heading line, a rule, and one line per row; a row with fewer cells than
    /// columns leaves the rest empty, and its last cell may run past its column.
    func render() -> String {
        var widths = columns.map(\.title.count)
        for row in rows {
            for (index, cell) in row.enumerated().dropLast() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                guard index < widths.count, index < cells.count - 1 || columns[index].alignsRight else { return cell }
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
                return columns[index].alignsRight ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(columns.map(\.title)), rule] + rows.map(line)).joined(separator: "\n")
    }
}
