import Foundation

/// The `Decoder` handed to one value's `init(from:)`: a position in the archive (the property
/// list object there, usually a UID) and its coding path.
///
/// It adopts CodingCore's ``ReferenceResolvingDecoder``, so `@Reference` and
/// `@StrongReference` back-pointers to objects still being decoded are filled in once those
/// objects finish.
struct KeyedValueDecoder: ReferenceResolvingDecoder {
    let state: KeyedDecodingState
    let index: Int
    let codingPath: [any CodingKey]
    /// The type being decoded here, whose `init(from:)` asks for the containers: for error
    /// messages, and for its defaults and former key names when a key is missing (`Any` when
    /// unknown: nested containers and super decoders).
    var expected: Any.Type = Any.self
    /// Whether this decoder reads a class instance's own entry: an instance that coded itself
    /// through a single-value or unkeyed container holds that value under ``singleValueKey``.
    var isInstance = false

    /// The key under which a class instance that coded itself through the single-value
    /// container keeps its value (`$`-prefixed keys are the archive's own, as `$class` is).
    static let singleValueKey = "$value"

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if state.observedKeyTypes.contains(Key.self) {
            return ObservationKeys.observedDecodingContainer(
                keyedBy: Key.self, base: try container(keyedBy: ArchiveCodingKey.self))
        }
        let keyedType = expected == Any.self ? [String: Any].self : expected
        guard let object = try state.object(at: index, codingPath: codingPath) else {
            throw DecodingError.valueNotFound(
                keyedType,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected \(keyedType) at \(KeyedDecodingState.describe(codingPath)), found nil"))
        }
        guard case .dictionary(let dictionary) = object else {
            throw state.typeMismatch(keyedType, found: object, codingPath)
        }
        let description = try state.classDescription(dictionary, uid: -1)
        if let name = description?.name, name == "NSDictionary" || name == "NSMutableDictionary" {
            let (entryKeys, entryValues) = try dictionaryEntries(dictionary)
            try state.materialise(entryKeys.count, codingPath: codingPath)
            return KeyedDecodingContainer(
                KeyedObjectKeyedDecodingContainer<Key>(
                    fields: KeyedContainerFields(
                        state: state, keys: entryKeys, values: entryValues, codingPath: codingPath,
                        decodedType: expected)))
        }
        try state.materialise(dictionary.count, codingPath: codingPath)
        return KeyedDecodingContainer(
            KeyedObjectKeyedDecodingContainer<Key>(
                fields: KeyedContainerFields(
                    state: state, dictionary: dictionary, codingPath: codingPath, decodedType: expected)))
    }

    /// An `NSDictionary`'s keys as strings (numbers in decimal) and its value positions.
    private func dictionaryEntries(_ fields: PlistDictionary) throws -> ([String], [Int]) {
        let keyItems = try list(state.field("NS.keys", in: fields, [String: Any].self, codingPath))
        let valueItems = try list(state.field("NS.objects", in: fields, [String: Any].self, codingPath))
        guard keyItems.count == valueItems.count else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "the dictionary at \(KeyedDecodingState.describe(codingPath)) "
                        + "has \(keyItems.count) keys but \(valueItems.count) values"))
        }
        var strings: [String] = []
        strings.reserveCapacity(keyItems.count)
        for item in state.document.items(keyItems) {
            switch try state.object(at: item, codingPath: codingPath) {
            case .integer(let number, _)?: strings.append(String(number))
            case .unsignedInteger(let number)?: strings.append(String(number))
            default: strings.append(try state.string(at: item, codingPath: codingPath))
            }
        }
        return (strings, state.document.items(valueItems))
    }

    private func list(_ index: Int) throws -> PlistList {
        guard case .array(let items) = state.objects[index] else {
            throw state.typeMismatch([Any].self, found: state.objects[index], codingPath)
        }
        return items
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let list = isInstance ? try instanceValue() : self
        return KeyedObjectUnkeyedDecodingContainer(state: state, items: try list.listItems(), codingPath: codingPath)
    }

    /// The positions of the items of the list here (an array, a set, an archived `NSArray`,
    /// `NSSet` or `NSOrderedSet`, or an `NSDictionary`'s alternating keys and values), counted
    /// against the expansion budget.
    func listItems() throws -> KeyedItemList {
        let items = try uncountedListItems()
        try state.materialise(items.count, codingPath: codingPath)
        return items
    }

    private func uncountedListItems() throws -> KeyedItemList {
        let listType = expected == Any.self ? [Any].self : expected
        guard let object = try state.object(at: index, codingPath: codingPath) else {
            throw DecodingError.valueNotFound(
                listType,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected \(listType) at \(KeyedDecodingState.describe(codingPath)), found nil"))
        }
        let document = state.document
        switch object {
        case .array(let items), .set(let items):
            return KeyedItemList(items, in: document)
        case .dictionary(let fields):
            guard let description = try state.classDescription(fields, uid: -1) else { break }
            switch description.name {
            case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSCountedSet":
                guard let items = document.value(named: "NS.objects", in: fields) else { return .empty }
                return KeyedItemList(try list(items), in: document)
            case "NSOrderedSet", "NSMutableOrderedSet":
                var items: [UInt32] = []
                while let item = document.value(named: "NS.object.\(items.count)", in: fields) {
                    items.append(UInt32(item))
                }
                return KeyedItemList(collected: items)
            case "NSDictionary", "NSMutableDictionary":
                let keyItems = try list(state.field("NS.keys", in: fields, [Any].self, codingPath))
                let valueItems = try list(state.field("NS.objects", in: fields, [Any].self, codingPath))
                guard keyItems.count == valueItems.count else { break }
                var items: [UInt32] = []
                items.reserveCapacity(2 * keyItems.count)
                for entry in 0..<keyItems.count {
                    items.append(document.references[keyItems.start + entry])
                    items.append(document.references[valueItems.start + entry])
                }
                return KeyedItemList(collected: items)
            default:
                throw DecodingError.typeMismatch(
                    listType,
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "expected \(listType) at \(KeyedDecodingState.describe(codingPath)), "
                            + "found an archived \(description.name)"))
            }
        default:
            break
        }
        throw state.typeMismatch(listType, found: object, codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard isInstance else { return KeyedObjectSingleValueDecodingContainer(decoder: self) }
        return KeyedObjectSingleValueDecodingContainer(decoder: try instanceValue())
    }

    /// A decoder of the value a class instance coded as a single value or a list: the entry's
    /// ``singleValueKey``, or the entry itself when it has none.
    private func instanceValue() throws -> KeyedValueDecoder {
        guard case .dictionary(let fields)? = try state.object(at: index, codingPath: codingPath),
            let value = state.document.value(named: Self.singleValueKey, in: fields)
        else { return KeyedValueDecoder(state: state, index: index, codingPath: codingPath, expected: expected) }
        return KeyedValueDecoder(state: state, index: value, codingPath: codingPath)
    }

    func decodeReference<Target: AnyObject & Decodable>(
        _ type: Target.Type,
        assign: @escaping (Target?) -> Void
    ) throws {
        guard let (_, uid) = try state.resolve(index, codingPath: codingPath) else {
            assign(nil)
            return
        }
        if uid >= 0, state.isUnfinished(uid) {
            state.pending.add(waitingFor: uid, codingPath: codingPath, assign: assign)
            state.hasPendingReferences = true
            return
        }
        assign(try state.decode(Target.self, at: index, codingPath: codingPath))
    }
}
