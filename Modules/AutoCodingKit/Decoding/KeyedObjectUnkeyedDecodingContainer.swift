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

    private mutating func next(_ type: Any.Type) throws -> Int {
        guard currentIndex < items.count else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: currentPath,
                    debugDescription:
                        "the list at \(KeyedDecodingState.describe(codingPath)) has only \(items.count) items"))
        }
        defer { currentIndex += 1 }
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

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let position = currentIndex
        return try state.bool(at: try next(type), codingPath: path(position))
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let position = currentIndex
        return try state.string(at: try next(type), codingPath: path(position))
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let position = currentIndex
        return try state.double(at: try next(type), codingPath: path(position))
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let position = currentIndex
        return try state.float(at: try next(type), codingPath: path(position))
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        let position = currentIndex
        return try state.integer(T.self, at: try next(T.self), codingPath: path(position))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let position = currentIndex
        return try state.decode(T.self, at: try next(type), codingPath: path(position))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let path = currentPath
        return try KeyedValueDecoder(state: state, index: try next(type), codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = currentPath
        return try KeyedValueDecoder(state: state, index: try next([Any].self), codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let path = currentPath
        return KeyedValueDecoder(state: state, index: try next(Any.self), codingPath: path)
    }
}
