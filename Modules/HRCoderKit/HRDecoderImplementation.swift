import Foundation

/// The `Decoder` HRCoder hands to `init(from:)`: reads one tree node.
final class HRDecoderImplementation: Decoder {
    let node: HRValue
    let codingPath: [any CodingKey]
    let state: HRDecodingState
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    init(node: HRValue, codingPath: [any CodingKey], state: HRDecodingState) {
        self.node = node
        self.codingPath = codingPath
        self.state = state
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .dictionary(entries) = node else {
            throw HRDecoding.mismatch([String: HRValue].self, "a dictionary", node, codingPath)
        }
        try state.materialise(entries.count, at: codingPath)
        return KeyedDecodingContainer(HRKeyedDecodingContainer<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(items) = node else {
            throw HRDecoding.mismatch([HRValue].self, "an array", node, codingPath)
        }
        try state.materialise(items.count, at: codingPath)
        return HRUnkeyedDecodingContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        HRSingleValueDecodingContainer(decoder: self)
    }
}

/// Reading scalars out of nodes, shared by the three container kinds.
enum HRDecoding {
    static func mismatch(_ type: Any.Type, _ expected: String, _ node: HRValue, _ codingPath: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "expected \(expected) at '\(HRKeyPath.string(codingPath))', found \(node.kindDescription)"))
    }

    /// Whether a node stands for nil: JSON `null` or `{"$class":"NSNull"}`.
    static func isNull(_ node: HRValue) -> Bool {
        switch node {
        case .null: true
        case .dictionary: node.className == "NSNull"
        default: false
        }
    }

    static func string(_ node: HRValue, _ state: HRDecodingState, _ codingPath: [any CodingKey]) throws -> String {
        if case let .string(text) = node { return text }
        return try viaAlias(node, state, codingPath, "a string")
    }

    static func bool(_ node: HRValue, _ state: HRDecodingState, _ codingPath: [any CodingKey]) throws -> Bool {
        switch node {
        case let .bool(flag): return flag
        // The original's decodeBool converts any number (BOOLs boxed as char numbers are 0/1).
        case let .integer(number): return number != 0
        case let .real(number): return number != 0
        default: return try viaAlias(node, state, codingPath, "a boolean")
        }
    }

    static func double(_ node: HRValue, _ state: HRDecodingState, _ codingPath: [any CodingKey]) throws -> Double {
        switch node {
        case let .real(number): return number
        case let .integer(number): return Double(number)
        default: return try viaAlias(node, state, codingPath, "a number")
        }
    }

    static func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ node: HRValue, _ state: HRDecodingState, _ codingPath: [any CodingKey]) throws -> T {
        switch node {
        case let .integer(number):
            if let value = T(exactly: number) { return value }
        case let .real(number):
            // JSON readers such as GNUstep's give doubles for every number: accept whole ones.
            if let value = T(exactly: number) { return value }
        default:
            return try viaAlias(node, state, codingPath, "an integer")
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "\(node) at '\(HRKeyPath.string(codingPath))' does not fit \(T.self)"))
    }

    /// A scalar stored behind an alias (the original lets aliases point at strings and numbers).
    private static func viaAlias<T: Decodable>(_ node: HRValue, _ state: HRDecodingState, _ codingPath: [any CodingKey], _ expected: String) throws -> T {
        guard node.aliasTarget != nil else { throw mismatch(T.self, expected, node, codingPath) }
        return try state.unbox(node, as: T.self, at: codingPath)
    }
}

struct HRKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: HRDecoderImplementation
    let entries: [String: HRValue]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] {
        entries.keys.compactMap { $0 == HRValue.classKey ? nil : Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { entries[key.stringValue] != nil }

    private func node(_ key: Key) throws -> HRValue {
        guard let node = entries[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "no value for '\(key.stringValue)' at '\(HRKeyPath.string(codingPath))'"))
        }
        return node
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { HRDecoding.isNull(try node(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try HRDecoding.bool(try node(key), decoder.state, path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try HRDecoding.string(try node(key), decoder.state, path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try HRDecoding.double(try node(key), decoder.state, path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try HRDecoding.double(try node(key), decoder.state, path(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try HRDecoding.integer(type, try node(key), decoder.state, path(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.state.unbox(try node(key), as: type, at: path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try HRDecoderImplementation(node: try node(key), codingPath: path(key), state: decoder.state).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try HRDecoderImplementation(node: try node(key), codingPath: path(key), state: decoder.state).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = HRStringKey("super")
        return HRDecoderImplementation(node: entries[key.stringValue] ?? .dictionary([:]), codingPath: codingPath + [key], state: decoder.state)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        HRDecoderImplementation(node: entries[key.stringValue] ?? .dictionary([:]), codingPath: path(key), state: decoder.state)
    }
}

struct HRUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: HRDecoderImplementation
    let items: [HRValue]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(decoder: HRDecoderImplementation, items: [HRValue]) {
        self.decoder = decoder
        self.items = items
    }

    /// The next element and its coding path; moves past it.
    private mutating func next(_ type: Any.Type) throws -> (HRValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [HRIndexKey(currentIndex)],
                debugDescription: "the array at '\(HRKeyPath.string(codingPath))' has only \(items.count) elements"))
        }
        let element = (items[currentIndex], codingPath + [HRIndexKey(currentIndex)])
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, HRDecoding.isNull(items[currentIndex]) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try HRDecoding.bool($0, $1, $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) { try HRDecoding.string($0, $1, $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) { try HRDecoding.double($0, $1, $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try read(Double.self) { try HRDecoding.double($0, $1, $2) }) }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }

    private mutating func read<T>(_ type: T.Type, _ body: (HRValue, HRDecodingState, [any CodingKey]) throws -> T) throws -> T {
        let (node, path) = try next(type)
        return try body(node, decoder.state, path)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, path) = try next(type)
        return try decoder.state.unbox(node, as: type, at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (node, path) = try next([String: HRValue].self)
        return try HRDecoderImplementation(node: node, codingPath: path, state: decoder.state).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try next([HRValue].self)
        return try HRDecoderImplementation(node: node, codingPath: path, state: decoder.state).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try next(HRValue.self)
        return HRDecoderImplementation(node: node, codingPath: path, state: decoder.state)
    }
}

struct HRSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: HRDecoderImplementation
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var node: HRValue { decoder.node }
    private var state: HRDecodingState { decoder.state }

    func decodeNil() -> Bool { HRDecoding.isNull(node) }
    func decode(_ type: Bool.Type) throws -> Bool { try HRDecoding.bool(node, state, codingPath) }
    func decode(_ type: String.Type) throws -> String { try HRDecoding.string(node, state, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try HRDecoding.double(node, state, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try HRDecoding.double(node, state, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try HRDecoding.integer(type, node, state, codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.unbox(node, as: type, at: codingPath)
    }
}
