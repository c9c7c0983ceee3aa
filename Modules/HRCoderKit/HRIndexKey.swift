/// The coding key of an array position; its string value is the decimal index, as in key paths.
struct HRIndexKey: CodingKey {
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) {
        guard let index = Int(stringValue) else { return nil }
        self.index = index
    }
    init(intValue: Int) { index = intValue }
    var stringValue: String { String(index) }
    var intValue: Int? { index }
}

/// A coding key made from a string found in a document or a key path.
struct HRStringKey: CodingKey {
    let stringValue: String
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
    var intValue: Int? { Int(stringValue) }
}
