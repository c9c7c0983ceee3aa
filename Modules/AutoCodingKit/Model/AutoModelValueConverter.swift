import Foundation

/// Converts between a model's keyed-archive graph and the plain Swift values of
/// ``AutoModel/propertyValues``.
enum AutoModelValueConverter {
    // MARK: Graph → values

    static func propertyValues(of graph: KeyedObjectGraph) -> [String: Any] {
        var converter = ToValues(graph: graph)
        return converter.value(graph.root) as? [String: Any] ?? [:]
    }

    /// `UUID` for an archived `NSUUID`, `Decimal` for an `NSDecimalNumber`; `nil` otherwise.
    static func foundationValue(className: String, properties: [KeyedArchiveProperty]) -> Any? {
        func field(_ key: String) -> KeyedArchiveValue? { properties.first { $0.key == key }?.value }
        switch className {
        case "NSUUID":
            guard case .data(let data)? = field("NS.uuidbytes"), data.count == 16 else { return nil }
            let b = Array(data)
            return UUID(
                uuid: (
                    b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                    b[14], b[15]
                ))
        case "NSDecimalNumber":
            guard case .integer(let exponent)? = field("NS.exponent"), case .integer(let length)? = field("NS.length"),
                case .bool(let negative)? = field("NS.negative"), case .data(let mantissa)? = field("NS.mantissa"),
                let layout = DecimalLayout(
                    exponent: Int(exponent), isNegative: negative, length: Int(length),
                    mantissa: mantissa, byteOrder: 1)
            else { return nil }
            return layout.decimal
        default:
            return nil
        }
    }

    private struct ToValues {
        let graph: KeyedObjectGraph
        /// Objects being converted: a reference back to one of them is a cycle and is left out.
        var enclosing: Set<KeyedObjectID> = []

        /// The Swift value of `value`; `nil` for nil and for cycles.
        mutating func value(_ value: KeyedArchiveValue) -> Any? {
            switch value {
            case .nilReference: return nil
            case .null: return NSNull()
            case .bool(let bool): return bool
            case .integer(let integer): return Int(exactly: integer) ?? integer
            case .unsignedInteger(let integer): return integer
            case .real(let real): return real
            case .string(let string): return string
            case .data(let data): return data
            case .date(let date): return date
            case .url(let relative, let base):
                let baseURL: URL? = base.flatMap { self.value($0) as? URL }
                return URL(string: relative, relativeTo: baseURL)
            case .array(let items): return items.compactMap { item($0) }
            case .dictionary(let properties): return dictionary(properties.map { ($0.key, $0.value) })
            case .object(let id):
                guard let object = graph[id], !enclosing.contains(id) else { return nil }
                enclosing.insert(id)
                defer { enclosing.remove(id) }
                return self.object(object)
            }
        }

        /// The Swift value of a collection's item: `NSNull` for nil, so positions and keys stay;
        /// `nil` (left out) only for a cycle.
        private mutating func item(_ item: KeyedArchiveValue) -> Any? {
            if case .nilReference = item { return NSNull() }
            return value(item)
        }

        private mutating func dictionary(_ pairs: [(String, KeyedArchiveValue)]) -> [String: Any] {
            var result: [String: Any] = [:]
            for (key, item) in pairs {
                if let converted = value(item) { result[key] = converted }
            }
            return result
        }

        private mutating func object(_ object: KeyedArchiveObject) -> Any? {
            switch object {
            case .array(let items, _), .orderedSet(let items, _): return items.compactMap { item($0) }
            case .set(let items, _): return items.compactMap { item($0) }
            case .dictionary(let entries, _):
                var stringKeyed: [String: Any] = [:]
                var anyKeyed: [AnyHashable: Any] = [:]
                var allStrings = true
                for entry in entries {
                    guard let key = value(entry.key) as? AnyHashable, let item = item(entry.value) else { continue }
                    if let string = key.base as? String { stringKeyed[string] = item } else { allStrings = false }
                    anyKeyed[key] = item
                }
                return allStrings ? stringKeyed : anyKeyed
            case .mutableString(let string): return string
            case .mutableData(let data): return data
            case .instance(let className, _, let properties):
                if let special = AutoModelValueConverter.foundationValue(className: className, properties: properties) {
                    return special
                }
                return dictionary(properties.map { ($0.key, $0.value) })
            }
        }
    }

    // MARK: Values → graph

    /// A graph whose root is an `NSDictionary` of `values`, ready to archive and decode as a model.
    static func graph(from values: [String: Any]) throws -> KeyedObjectGraph {
        var builder = FromValues()
        let root = try builder.value(values, path: [], depth: 0)
        return KeyedObjectGraph(root: root, objects: builder.objects)
    }

    private struct FromValues {
        var objects: [KeyedArchiveObject] = []

        private mutating func add(_ object: KeyedArchiveObject) -> KeyedArchiveValue {
            objects.append(object)
            return .object(KeyedObjectID(objects.count - 1))
        }

        private func unsupported(_ value: Any, _ path: [ArchiveCodingKey]) -> DecodingError {
            .dataCorrupted(
                DecodingError.Context(
                    codingPath: path,
                    debugDescription:
                        "a \(type(of: value)) at \(CodingPathDescription.place(path)) is not a property value"
                ))
        }

        mutating func value(_ value: Any, path: [ArchiveCodingKey], depth: Int) throws -> KeyedArchiveValue {
            guard depth < ArchiveLimits.defaultMaximumDepth else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: path,
                        debugDescription: "property values nest deeper than \(ArchiveLimits.defaultMaximumDepth)"))
            }
            switch value {
            case let bool as Bool: return .bool(bool)
            case let integer as Int: return .integer(Int64(integer))
            case let integer as Int64: return .integer(integer)
            case let integer as Int32: return .integer(Int64(integer))
            case let integer as UInt64:
                return integer <= UInt64(Int64.max) ? .integer(Int64(integer)) : .unsignedInteger(integer)
            case let real as Double: return .real(real)
            case let real as Float: return .real(Double(real))
            case let string as String: return .string(string)
            case let data as Data: return .data(data)
            case let date as Date: return .date(date)
            case let url as URL:
                return .url(
                    relative: url.relativeString, base: url.baseURL.map { .url(relative: $0.absoluteString, base: nil) }
                )
            case let uuid as UUID:
                let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
                return add(
                    .instance(
                        className: "NSUUID", classes: ["NSUUID", "NSObject"],
                        properties: [KeyedArchiveProperty("NS.uuidbytes", .data(bytes))]))
            case let decimal as Decimal:
                let layout = DecimalLayout(decimal)
                return add(
                    .instance(
                        className: "NSDecimalNumber", classes: [],
                        properties: [
                            KeyedArchiveProperty("NS.exponent", .integer(Int64(layout.exponent))),
                            KeyedArchiveProperty("NS.length", .integer(Int64(layout.words.count))),
                            KeyedArchiveProperty("NS.negative", .bool(layout.isNegative)),
                            KeyedArchiveProperty("NS.compact", .bool(true)),
                            KeyedArchiveProperty("NS.mantissa.bo", .integer(1)),
                            KeyedArchiveProperty("NS.mantissa", .data(layout.mantissaBytes)),
                        ]))
            case is NSNull: return .null
            case let number as NSNumber:
                if let integer = Int64(exactly: number.doubleValue), "\(number)" == "\(integer)" {
                    return .integer(integer)
                }
                return .real(number.doubleValue)
            case let dictionary as [String: Any]:
                var entries: [KeyedArchiveEntry] = []
                for (key, item) in dictionary {
                    entries.append(
                        KeyedArchiveEntry(
                            .string(key),
                            try self.value(item, path: path + [ArchiveCodingKey(stringValue: key)], depth: depth + 1)))
                }
                return add(.dictionary(entries, mutable: false))
            case let dictionary as [AnyHashable: Any]:
                var entries: [KeyedArchiveEntry] = []
                for (key, item) in dictionary {
                    let name = ArchiveCodingKey(stringValue: "\(key.base)")
                    entries.append(
                        KeyedArchiveEntry(
                            try self.value(key.base, path: path + [name], depth: depth + 1),
                            try self.value(item, path: path + [name], depth: depth + 1)))
                }
                return add(.dictionary(entries, mutable: false))
            case let array as [Any]:
                var items: [KeyedArchiveValue] = []
                for (index, item) in array.enumerated() {
                    items.append(try self.value(item, path: path + [ArchiveCodingKey(index: index)], depth: depth + 1))
                }
                return add(.array(items, mutable: false))
            case let model as any Encodable:
                let graph = try AutoModelArchive.graph(of: model)
                return merge(graph)
            default:
                throw unsupported(value, path)
            }
        }

        /// Adds another graph's objects (a nested model given as itself) and returns its root.
        private mutating func merge(_ graph: KeyedObjectGraph) -> KeyedArchiveValue {
            let offset = objects.count
            func shifted(_ value: KeyedArchiveValue) -> KeyedArchiveValue {
                switch value {
                case .object(let id): .object(KeyedObjectID(id.index + offset))
                case .array(let items): .array(items.map(shifted))
                case .dictionary(let properties):
                    .dictionary(properties.map { KeyedArchiveProperty($0.key, shifted($0.value)) })
                case .url(let relative, let base): .url(relative: relative, base: base.map(shifted))
                default: value
                }
            }
            for object in graph.objects {
                switch object {
                case .array(let items, let mutable): objects.append(.array(items.map(shifted), mutable: mutable))
                case .set(let items, let mutable): objects.append(.set(items.map(shifted), mutable: mutable))
                case .orderedSet(let items, let mutable):
                    objects.append(.orderedSet(items.map(shifted), mutable: mutable))
                case .dictionary(let entries, let mutable):
                    objects.append(
                        .dictionary(
                            entries.map { KeyedArchiveEntry(shifted($0.key), shifted($0.value)) },
                            mutable: mutable))
                case .mutableString, .mutableData: objects.append(object)
                case .instance(let className, let classes, let properties):
                    objects.append(
                        .instance(
                            className: className, classes: classes,
                            properties: properties.map { KeyedArchiveProperty($0.key, shifted($0.value)) }))
                }
            }
            return shifted(graph.root)
        }
    }
}
