/// The one-off checks a decode must pass before its coder is timed.
enum DecodeCheck {
    /// Throws unless `decoded` has the same records, equal field by field, as `expected`.
    static func values(_ decoded: [Person], expected: [Person]) throws {
        guard decoded.count == expected.count else {
            throw DecodeCheckFailure(description: "decoded \(decoded.count) records, expected \(expected.count)")
        }
        if let index = decoded.indices.first(where: { decoded[$0] != expected[$0] }) {
            throw DecodeCheckFailure(description: "record \(index) differs after the round trip: \(decoded[index])")
        }
    }

    /// Throws unless the decoded small value equals the one encoded.
    static func value<Value: Equatable>(_ decoded: Value, expected: Value) throws {
        guard decoded == expected else {
            throw DecodeCheckFailure(description: "decoded \(decoded), expected \(expected)")
        }
    }

    /// Throws unless the decoded persons point at exactly `expected` distinct company instances.
    static func sharedCompanies(_ companies: [ObjectIdentifier], expected: Int) throws {
        let distinct = Set(companies).count
        guard distinct == expected else {
            throw DecodeCheckFailure(
                description: "decoded \(distinct) distinct company objects, expected \(expected) shared ones")
        }
    }
}
