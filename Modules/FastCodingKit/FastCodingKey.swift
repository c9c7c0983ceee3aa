/// A coding key made from a string or an index, for coding paths and dictionary keys.
///
/// Index keys build their `"Index n"` text only when asked (error messages), not per element.
struct FastCodingKey: CodingKey {
    private let name: String?
    let intValue: Int?

    var stringValue: String { name ?? "Index \(intValue ?? 0)" }

    init(stringValue: String) {
        name = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        name = String(intValue)
        self.intValue = intValue
    }

    init(index: Int) {
        name = nil
        intValue = index
    }
}
