import Foundation

/// Foundation value types that HRCoder writes in its own way instead of through their Codable
/// conformance (which would turn `Data` into an array of bytes, for example).
protocol HRSpecialValue {
    /// The tree node for this value (plist form; JSON output tags dates and data itself).
    func hrValue() -> HRValue
    /// Builds the value from a node, or returns `nil` when the node has the wrong shape.
    init?(hrValue node: HRValue)
    /// What the node should have been, for error messages.
    static var hrExpectation: String { get }
}

extension Data: HRSpecialValue {
    func hrValue() -> HRValue { .data(self) }
    init?(hrValue node: HRValue) {
        switch node {
        case let .data(data): self = data
        case let .dictionary(entries):
            // `{"$data": "<base64>"}` (class optional, NSData by default); strict base64 as the original.
            guard case let .string(text)? = entries[HRValue.dataKey], let data = Data(base64Encoded: text) else {
                return nil
            }
            self = data
        default: return nil
        }
    }
    static var hrExpectation: String { "data (<data> or {\"$data\": base64})" }
}

extension Date: HRSpecialValue {
    func hrValue() -> HRValue { .date(self) }
    init?(hrValue node: HRValue) {
        // A NaN date (possible in a hand-built tree) is refused like one read from a document.
        switch node {
        case let .date(date):
            self.init(archivedSecondsSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let .dictionary(entries):
            switch entries["NS.time"] {
            case let .real(seconds)?: self.init(archivedSecondsSinceReferenceDate: seconds)
            case let .integer(seconds)?: self.init(timeIntervalSinceReferenceDate: Double(seconds))
            case let .wideInteger(seconds)?: self.init(timeIntervalSinceReferenceDate: seconds.doubleValue)
            default: return nil
            }
        default: return nil
        }
    }
    static var hrExpectation: String { "a date (<date> or {\"$class\":\"NSDate\",\"NS.time\": seconds})" }
}

extension URL: HRSpecialValue {
    func hrValue() -> HRValue {
        var entries: [String: HRValue] = [HRValue.classKey: .string("NSURL"), "NS.relative": .string(relativeString)]
        if let baseURL { entries["NS.base"] = baseURL.hrValue() }
        return .dictionary(entries)
    }
    init?(hrValue node: HRValue) {
        switch node {
        case let .string(text):
            guard let url = URL(string: text) else { return nil }
            self = url
        case let .dictionary(entries):
            guard case let .string(relative)? = entries["NS.relative"] else { return nil }
            let base = entries["NS.base"].flatMap { URL(hrValue: $0) }
            guard let url = URL(string: relative, relativeTo: base) else { return nil }
            self = url
        default: return nil
        }
    }
    static var hrExpectation: String { "a URL (a string or {\"$class\":\"NSURL\",\"NS.relative\": string})" }
}

extension UUID: HRSpecialValue {
    func hrValue() -> HRValue { .string(uuidString) }
    init?(hrValue node: HRValue) {
        guard case let .string(text) = node, let uuid = UUID(uuidString: text) else { return nil }
        self = uuid
    }
    static var hrExpectation: String { "a UUID string" }
}

extension Decimal: HRSpecialValue {
    /// An integer when the decimal is one that fits 64 bits; a real when the nearest double
    /// reads back as the same decimal; else the decimal's text (`"NaN"` for `Decimal.nan`),
    /// so every decimal comes back exactly.
    func hrValue() -> HRValue {
        let text = description
        if let integer = Int64(text) { return .integer(integer) }
        // The decimal text read as a Double is the nearest double; `NSDecimalNumber.doubleValue`
        // can be one off (123.456 → 123.45599999999999), which the reader cannot undo.
        if !isNaN, let number = Double(text), number.isFinite, Decimal(string: number.description) == self {
            return .real(number)
        }
        return .string(text)
    }
    init?(hrValue node: HRValue) {
        switch node {
        case let .integer(number): self.init(number)
        // Every digit: a decimal's 128-bit mantissa holds any wide integer.
        case let .wideInteger(number):
            guard let value = Decimal(string: number.description) else { return nil }
            self = value
        // Shortest round-trip text, so 0.1 stays 0.1 rather than 0.1000000000000000055…
        case let .real(number):
            guard number.isFinite, let value = Decimal(string: number.description) else { return nil }; self = value
        case let .string(text):
            if text == Self.nan.description {
                self = .nan
                return
            }
            guard let value = Decimal(string: text) else { return nil }
            self = value
        default: return nil
        }
    }
    static var hrExpectation: String { "a number or a decimal's text" }
}

extension HRValue: HRSpecialValue {
    func hrValue() -> HRValue { self }
    init?(hrValue node: HRValue) { self = node }
    static var hrExpectation: String { "any value" }
}
