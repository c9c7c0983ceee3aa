import Foundation

extension HRValue: CustomStringConvertible {
    /// The tree as one readable line, with its values and dictionary keys sorted:
    /// `["$class": "Person", "name": "Ann", "tags": ["a", "b"]]`. Trees nested more than 64
    /// levels deep are cut with `…`.
    public var description: String {
        var writer = TreeDescription<Int>()
        write(to: &writer)
        return writer.text
    }

    private func write(to writer: inout TreeDescription<Int>) {
        switch self {
        case let .string(string): writer.quoted(string)
        case let .integer(integer): writer.write(String(integer))
        case let .wideInteger(integer): writer.write(integer.description)
        case let .real(number): writer.write("\(number)")
        case let .bool(flag): writer.write(flag ? "true" : "false")
        case let .date(date): writer.date(date)
        case let .data(data): writer.bytes(data)
        case .null: writer.write("null")
        case let .array(items): writer.list("[", items, "]") { $1.write(to: &$0) }
        case let .dictionary(entries):
            guard !entries.isEmpty else { return writer.write("[:]") }
            writer.list("[", entries.sorted { $0.key < $1.key }, "]") { writer, entry in
                writer.quoted(entry.key)
                writer.write(": ")
                entry.value.write(to: &writer)
            }
        }
    }
}
