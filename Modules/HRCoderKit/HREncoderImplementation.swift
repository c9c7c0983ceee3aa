import Foundation

/// Everything one encoding run shares: options, and the objects already written (identity).
final class HREncodingState {
    let registry: ClassNameRegistry
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]
    var depth = 0
    /// Key path of each class instance already written, for `$alias`.
    var objectPaths: [ObjectIdentifier: String] = [:]
    /// Keeps every recorded instance alive so no `ObjectIdentifier` is reused during the run.
    var retained: [AnyObject] = []
    /// `$class` tag per type (`nil`: a dictionary type, never tagged).
    var typeNames: [ObjectIdentifier: String?] = [:]

    init(registry: ClassNameRegistry, maximumDepth: Int, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.registry = registry
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
    }

    /// The `$class` tag for a value of dynamic type `type`, or `nil` for dictionaries.
    func tag(for type: Any.Type) -> String? {
        let id = ObjectIdentifier(type)
        if let known = typeNames[id] { return known }
        let name: String?
        if type is HRUntaggedContainer.Type {
            name = nil
        } else if let classType = type as? AnyClass {
            name = registry.archiveName(for: classType)
        } else {
            // Types declared inside functions have no stable qualified name: use the bare one.
            let plain = ClassNameRegistry.plainName(of: type)
            name = plain.contains("(") ? String(describing: type) : plain
        }
        typeNames[id] = name
        return name
    }

    /// Encodes `value`, found at `codingPath`, into a tree node.
    func box<T: Encodable>(_ value: T, at codingPath: [any CodingKey]) throws -> HRValue {
        if let special = value as? any HRSpecialValue { return special.hrValue() }
        depth += 1
        defer { depth -= 1 }
        guard depth <= maximumDepth else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "values nest deeper than the limit of \(maximumDepth) at '\(HRKeyPath.string(codingPath))'"))
        }
        var dynamicType: Any.Type = T.self
        if T.self is AnyObject.Type {
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            if let path = objectPaths[id] {
                return .dictionary([HRValue.aliasKey: .string(path)])
            }
            // A key containing a dot cannot be named by an alias (paths split at every dot):
            // such a position is not an alias target, so a later occurrence is written in full.
            let path = HRKeyPath.string(codingPath)
            if codingPath.isEmpty || path.utf8.reduce(0, { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }) == codingPath.count - 1 {
                objectPaths[id] = path
            }
            retained.append(object)
            dynamicType = type(of: object)
        }
        let encoder = HREncoderImplementation(state: self, codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.result(tag: encoder.keyed != nil ? tag(for: dynamicType) : nil)
    }
}

/// Dictionaries are written as plain dictionaries, without a `$class` tag.
protocol HRUntaggedContainer {}
extension Dictionary: HRUntaggedContainer {}

/// The storage behind a keyed container (shared by the container and its encoder).
final class HRKeyedStorage {
    var entries: [String: HRValue] = [:]
    /// Nested containers and super encoders, written into `entries` when the value finishes.
    var pending: [(String, HREncoderImplementation)] = []
}

/// The storage behind an unkeyed container.
final class HRUnkeyedStorage {
    var items: [HRValue] = []
    var pending: [(Int, HREncoderImplementation)] = []
}

/// The `Encoder` HRCoder hands to `encode(to:)`: builds one tree node.
final class HREncoderImplementation: Encoder {
    let state: HREncodingState
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }
    var keyed: HRKeyedStorage?
    var unkeyed: HRUnkeyedStorage?
    var single: HRValue?

    init(state: HREncodingState, codingPath: [any CodingKey]) {
        self.state = state
        self.codingPath = codingPath
    }

    /// The node this encoder produced, with `tag` added as `$class` when it is a dictionary.
    func result(tag: String? = nil) -> HRValue {
        if let keyed {
            for (key, encoder) in keyed.pending { keyed.entries[key] = encoder.result() }
            keyed.pending = []
            if let tag { keyed.entries[HRValue.classKey] = .string(tag) }
            return .dictionary(keyed.entries)
        }
        if let unkeyed {
            for (index, encoder) in unkeyed.pending where index < unkeyed.items.count {
                unkeyed.items[index] = encoder.result()
            }
            unkeyed.pending = []
            return .array(unkeyed.items)
        }
        // A value that encoded nothing at all is an empty dictionary, as the original's root.
        return single ?? .dictionary([:])
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage = keyed ?? HRKeyedStorage()
        keyed = storage
        return KeyedEncodingContainer(HRKeyedEncodingContainer<Key>(encoder: self, storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage = unkeyed ?? HRUnkeyedStorage()
        unkeyed = storage
        return HRUnkeyedEncodingContainer(encoder: self, storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        HRSingleValueEncodingContainer(encoder: self)
    }
}

struct HRKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: HREncoderImplementation
    let storage: HRKeyedStorage
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { storage.entries[key.stringValue] = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { storage.entries[key.stringValue] = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { storage.entries[key.stringValue] = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { storage.entries[key.stringValue] = .real(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { storage.entries[key.stringValue] = .real(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { storage.entries[key.stringValue] = .integer(Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { storage.entries[key.stringValue] = .integer(Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { storage.entries[key.stringValue] = .integer(Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { storage.entries[key.stringValue] = .integer(Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { storage.entries[key.stringValue] = .integer(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { storage.entries[key.stringValue] = try unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { storage.entries[key.stringValue] = .integer(Int64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { storage.entries[key.stringValue] = .integer(Int64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { storage.entries[key.stringValue] = .integer(Int64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { storage.entries[key.stringValue] = try unsigned(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        storage.entries[key.stringValue] = try encoder.state.box(value, at: encoder.codingPath + [key])
    }

    private func unsigned(_ value: UInt64, _ key: Key) throws -> HRValue {
        try HRUnsigned.node(value, at: encoder.codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: encoder.codingPath + [key])
        storage.pending.append((key.stringValue, nested))
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: encoder.codingPath + [key])
        storage.pending.append((key.stringValue, nested))
        return nested.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: HRStringKey("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(forKey: key as any CodingKey) }

    private mutating func superEncoder(forKey key: any CodingKey) -> any Encoder {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: encoder.codingPath + [key])
        storage.pending.append((key.stringValue, nested))
        return nested
    }
}

struct HRUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: HREncoderImplementation
    let storage: HRUnkeyedStorage
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { storage.items.count }

    private var nextKey: HRIndexKey { HRIndexKey(storage.items.count) }

    mutating func encodeNil() throws { storage.items.append(.null) }
    mutating func encode(_ value: Bool) throws { storage.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { storage.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { storage.items.append(.real(value)) }
    mutating func encode(_ value: Float) throws { storage.items.append(.real(Double(value))) }
    mutating func encode(_ value: Int) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { storage.items.append(.integer(value)) }
    mutating func encode(_ value: UInt) throws { storage.items.append(try HRUnsigned.node(UInt64(value), at: codingPath + [nextKey])) }
    mutating func encode(_ value: UInt8) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { storage.items.append(try HRUnsigned.node(value, at: codingPath + [nextKey])) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        storage.items.append(try encoder.state.box(value, at: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = appendPending()
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        appendPending().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { appendPending() }

    private mutating func appendPending() -> HREncoderImplementation {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: codingPath + [nextKey])
        storage.pending.append((storage.items.count, nested))
        storage.items.append(.null)
        return nested
    }
}

struct HRSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: HREncoderImplementation
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.single = .null }
    mutating func encode(_ value: Bool) throws { encoder.single = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.single = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.single = .real(value) }
    mutating func encode(_ value: Float) throws { encoder.single = .real(Double(value)) }
    mutating func encode(_ value: Int) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: Int16) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: Int32) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: Int64) throws { encoder.single = .integer(value) }
    mutating func encode(_ value: UInt) throws { encoder.single = try HRUnsigned.node(UInt64(value), at: codingPath) }
    mutating func encode(_ value: UInt8) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.single = try HRUnsigned.node(value, at: codingPath) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.single = try encoder.state.box(value, at: codingPath)
    }
}

/// Unsigned integers are written as 64-bit signed integers, the widest plists and HRCoder know.
enum HRUnsigned {
    static func node(_ value: UInt64, at codingPath: [any CodingKey]) throws -> HRValue {
        guard let signed = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(value) is larger than Int64.max, the largest integer property lists hold"))
        }
        return .integer(signed)
    }
}
