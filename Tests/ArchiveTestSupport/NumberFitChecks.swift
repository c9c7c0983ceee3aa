import CodingCore
import Foundation

/// Numbers that do not fit the type they are read as: every kit refuses them with a
/// `DecodingError.dataCorrupted` naming the key or index, as Foundation's decoders do, and
/// never hands out a wrapped integer or an infinity that was not stored.
public enum NumberFitChecks {
    private struct Stored<Value: Codable>: Codable {
        var value: Value
        var values: [Value]
    }

    /// What did not hold for `format`, one line each (empty when everything held).
    public static func problems(with format: any ArchiveFormat) throws -> [String] {
        var problems: [String] = []
        func refused<Wide: Codable, Narrow: Codable>(_ wide: Wide, _ fits: Wide, as narrow: Narrow.Type) throws {
            let inProperty = try format.encode(Stored(value: wide, values: [fits]))
            let inArray = try format.encode(Stored(value: fits, values: [fits, wide]))
            for (data, path) in [(inProperty, ["value"]), (inArray, ["values", "Index 1"])] {
                do {
                    let decoded = try format.decode(Stored<Narrow>.self, from: data)
                    problems.append("\(wide) at \(path) was read as \(Narrow.self) \(decoded.value), \(decoded.values)")
                } catch DecodingError.dataCorrupted(let context) {
                    let found = context.codingPath.map(\.stringValue)
                    if found != path { problems.append("\(wide) as \(Narrow.self): the path is \(found), not \(path)") }
                } catch {
                    problems.append("\(wide) as \(Narrow.self): expected dataCorrupted, got \(error)")
                }
            }
        }
        try refused(1e300, 1.5, as: Float.self)
        try refused(-1e39, -2.0, as: Float.self)
        try refused(300, 1, as: Int8.self)
        try refused(-1, 1, as: UInt.self)
        try refused(Int64.min, 1, as: Int32.self)

        let nonFinite = Stored(value: Double.infinity, values: [-Double.infinity, .nan, 3.4e38])
        guard let data = try? format.encode(nonFinite) else { return problems }  // JSON has no infinities
        let carried = try format.decode(Stored<Float>.self, from: data)
        if carried.value != .infinity || carried.values[0] != -.infinity || !carried.values[1].isNaN
            || carried.values[2] != 3.4e38
        {
            problems.append("stored infinities, NaN and 3.4e38 came back as \(carried.value), \(carried.values)")
        }
        return problems
    }
}
