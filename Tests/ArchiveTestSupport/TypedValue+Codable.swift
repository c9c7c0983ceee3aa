import Foundation

/// Reads and writes ``TypedValue`` in the expected-value JSON scheme of `shared/vectors/README.md`.
extension TypedValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if container.contains(Key("sameAs")) {
            self = .sameAs(try container.decode(String.self, forKey: Key("sameAs")))
            return
        }
        let type = try container.decode(String.self, forKey: Key("type"))
        let isMutable = type.hasPrefix("mutable")
        func value<T: Decodable>(_: T.Type, _ key: String = "value") throws -> T {
            try container.decode(T.self, forKey: Key(key))
        }
        func items() throws -> [TypedValue] { try value([TypedValue].self, "items") }
        switch type {
        case "nil": self = .absent
        case "null": self = .null
        case "bool": self = .bool(try value(Bool.self))
        case "int": self = .int(try value(Int64.self))
        case "float": self = .float(try value(Double.self))
        case "double": self = .double(try value(Double.self))
        case "number": self = .number(try value(Double.self))
        case "string", "mutableString": self = .string(try value(String.self), mutable: isMutable)
        case "data", "mutableData":
            let text = try value(String.self, "base64")
            guard let bytes = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: Key("base64"), in: container, debugDescription: "not base64")
            }
            self = .data(bytes, mutable: isMutable)
        case "date": self = .date(sinceReferenceDate: try value(Double.self, "timeIntervalSinceReferenceDate"))
        case "url":
            self = .url(
                relative: try value(String.self, "relative"),
                base: try container.decodeIfPresent(TypedValue.self, forKey: Key("base")).map(URLBase.init),
                absolute: try value(String.self, "absolute"))
        case "array", "mutableArray": self = .array(try items(), mutable: isMutable)
        case "set", "mutableSet": self = .set(try items(), mutable: isMutable)
        case "orderedSet", "mutableOrderedSet": self = .orderedSet(try items(), mutable: isMutable)
        case "dict", "mutableDict":
            var entries: [Entry] = []
            var list = try container.nestedUnkeyedContainer(forKey: Key("entries"))
            while !list.isAtEnd {
                var pair = try list.nestedUnkeyedContainer()
                entries.append(Entry(try pair.decode(TypedValue.self), try pair.decode(TypedValue.self)))
            }
            self = .dictionary(entries, mutable: isMutable)
        case "indexSet", "mutableIndexSet":
            let ranges = try value([[Int64]].self, "ranges").map { pair in
                guard pair.count == 2 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: Key("ranges"), in: container, debugDescription: "a range is [location, length]")
                }
                return IndexRange(location: pair[0], length: pair[1])
            }
            self = .indexSet(ranges, mutable: isMutable)
        case "object":
            let properties = try container.nestedContainer(keyedBy: Key.self, forKey: Key("properties"))
            // JSON objects do not keep key order for Decodable, so read the order from the keys list.
            self = .object(
                className: try value(String.self, "class"),
                properties: try properties.allKeys.map {
                    Property($0.stringValue, try properties.decode(TypedValue.self, forKey: $0))
                })
        default:
            throw DecodingError.dataCorruptedError(
                forKey: Key("type"), in: container, debugDescription: "unknown type '\(type)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if case let .sameAs(pointer) = self {
            try container.encode(pointer, forKey: Key("sameAs"))
            return
        }
        try container.encode(typeName, forKey: Key("type"))
        switch self {
        case .absent, .null: break
        case let .bool(value): try container.encode(value, forKey: Key("value"))
        case let .int(value): try container.encode(value, forKey: Key("value"))
        case let .float(value), let .double(value), let .number(value):
            try container.encode(value, forKey: Key("value"))
        case let .string(value, _): try container.encode(value, forKey: Key("value"))
        case let .data(bytes, _): try container.encode(bytes.base64EncodedString(), forKey: Key("base64"))
        case let .date(seconds):
            try container.encode(seconds, forKey: Key("timeIntervalSinceReferenceDate"))
            try container.encode(seconds + 978_307_200, forKey: Key("timeIntervalSince1970"))
        case let .url(relative, base, absolute):
            try container.encode(relative, forKey: Key("relative"))
            try container.encode(base?.value, forKey: Key("base"))
            try container.encode(absolute, forKey: Key("absolute"))
        case let .array(items, _), let .set(items, _), let .orderedSet(items, _):
            try container.encode(items, forKey: Key("items"))
        case let .dictionary(entries, _):
            var list = container.nestedUnkeyedContainer(forKey: Key("entries"))
            for entry in entries {
                var pair = list.nestedUnkeyedContainer()
                try pair.encode(entry.key)
                try pair.encode(entry.value)
            }
        case let .indexSet(ranges, _):
            try container.encode(ranges.map { [$0.location, $0.length] }, forKey: Key("ranges"))
        case let .object(className, properties):
            try container.encode(className, forKey: Key("class"))
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("properties"))
            for property in properties {
                try nested.encode(property.value, forKey: Key(property.name))
            }
        case .sameAs, .instance, .instanceReference:
            throw EncodingError.invalidValue(
                self,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "call resolvingSharedInstances() before encoding"))
        }
    }
}
