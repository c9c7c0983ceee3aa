import Foundation

/// Reading scalars out of nodes, shared by the three container kinds.
///
/// Coding paths are made only when an error or an alias needs one: building the path of every
/// property (an array per value) costs more than reading the value.
enum HRDecoding {
    static func mismatch(_ type: Any.Type, _ expected: String, _ node: HRValue, _ codingPath: [any CodingKey])
        -> DecodingError
    {
        .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "expected \(expected) at \(HRKeyPath.place(codingPath)), found \(node.kindDescription)"))
    }

    /// Whether a node stands for nil: JSON `null` or `{"$class":"NSNull"}`.
    static func isNull(_ node: HRValue) -> Bool {
        switch node {
        case .null: true
        case .dictionary: node.className == "NSNull"
        default: false
        }
    }

    static func string(
        _ node: HRValue, _ state: HRDecodingState, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> String {
        if case let .string(text) = node { return text }
        return try viaAlias(node, state, codingPath(), "a string")
    }

    static func bool(
        _ node: HRValue, _ state: HRDecodingState, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Bool {
        switch node {
        case let .bool(flag): return flag
        // The original's decodeBool converts any number (BOOLs boxed as char numbers are 0/1).
        case let .integer(number): return number != 0
        case let .real(number): return number != 0
        case .wideInteger: return true
        default: return try viaAlias(node, state, codingPath(), "a boolean")
        }
    }

    static func double(
        _ node: HRValue, _ state: HRDecodingState, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Double {
        switch node {
        case let .real(number): return number
        case let .integer(number): return Double(number)
        // The nearest double, as JSONDecoder reads a large integer for a Double.
        case let .wideInteger(number): return number.doubleValue
        default: return try viaAlias(node, state, codingPath(), "a number")
        }
    }

    static func float(
        _ node: HRValue, _ state: HRDecodingState, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Float {
        let number = try double(node, state, codingPath())
        if let float = Float(archivedDouble: number) { return float }
        let codingPath = codingPath()
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(number) at \(HRKeyPath.place(codingPath)) does not fit Float"))
    }

    static func integer<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, _ node: HRValue, _ state: HRDecodingState, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        switch node {
        case let .integer(number):
            if let value = T(exactly: number) { return value }
        case let .real(number):
            // JSON readers such as GNUstep's give doubles for every number: accept whole ones.
            if let value = T(exactly: number) { return value }
        case let .wideInteger(number):
            if let value = number.exactly(as: T.self) { return value }
        default:
            return try viaAlias(node, state, codingPath(), "an integer")
        }
        let codingPath = codingPath()
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(node) at \(HRKeyPath.place(codingPath)) does not fit \(T.self)"))
    }

    /// A scalar stored behind an alias (the original lets aliases point at strings and numbers).
    private static func viaAlias<T: Decodable>(
        _ node: HRValue, _ state: HRDecodingState, _ codingPath: [any CodingKey], _ expected: String
    ) throws -> T {
        guard node.aliasTarget != nil else { throw mismatch(T.self, expected, node, codingPath) }
        return try state.unbox(node, as: T.self, at: codingPath)
    }
}
