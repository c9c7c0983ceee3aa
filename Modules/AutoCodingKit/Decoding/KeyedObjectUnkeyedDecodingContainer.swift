import Foundation

/// Reads the items of an archived array, set or ordered set (or a dictionary's alternating
/// keys and values) in order.
struct KeyedObjectUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let state: KeyedDecodingState
    let items: KeyedItemList
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(state: KeyedDecodingState, items: KeyedItemList, codingPath: [any CodingKey]) {
        self.state = state
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var currentPath: [any CodingKey] { codingPath + [ArchiveCodingKey(index: currentIndex)] }

    /// The coding path of the item at `position`, built only when something needs it (errors,
    /// nested containers), so reading a list of scalars allocates no path per item.
    private func path(_ position: Int) -> [any CodingKey] { codingPath + [ArchiveCodingKey(index: position)] }

    /// The document index of the current item, which a read moves past only once it succeeds:
    /// a read that throws leaves the item to be read again, as another type.
    private func current(_ type: Any.Type) throws -> Int {
        guard currentIndex < items.count else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: currentPath,
                    debugDescription:
                        "the list at \(KeyedDecodingState.describe(codingPath)) has only \(items.count) items"))
        }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count else { return true }
        if try state.isNil(at: items[currentIndex], codingPath: currentPath) {
            currentIndex += 1
            return true
        }
        return false
    }

    // Each read moves past its item only once it succeeds: a read that throws leaves the item to
    // be read again, as another type.

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try state.bool(at: try current(type), codingPath: path(currentIndex))
        currentIndex += 1
        return value
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let value = try state.string(at: try current(type), codingPath: path(currentIndex))
        currentIndex += 1
        return value
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let value = try state.double(at: try current(type), codingPath: path(currentIndex))
        currentIndex += 1
        return value
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let value = try state.float(at: try current(type), codingPath: path(currentIndex))
        currentIndex += 1
        return value
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }

    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        let value = try state.integer(T.self, at: try current(T.self), codingPath: path(currentIndex))
        currentIndex += 1
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try state.decode(T.self, at: try current(type), codingPath: path(currentIndex))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let decoder = KeyedValueDecoder(state: state, index: try current(type), codingPath: currentPath)
        let container = try decoder.container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let decoder = KeyedValueDecoder(state: state, index: try current([Any].self), codingPath: currentPath)
        let container = try decoder.unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = KeyedValueDecoder(state: state, index: try current(Any.self), codingPath: currentPath)
        currentIndex += 1
        return decoder
    }
}
