import Foundation

extension KeyedDecodingState {
    /// The property-list object a position holds, UIDs followed; `nil` for UID 0.
    @inline(__always)
    func object(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> PlistObject? {
        guard let (entry, _) = try resolve(index, codingPath: codingPath()) else { return nil }
        return objects[entry]
    }

    private func required(
        _ type: Any.Type, at index: Int, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> PlistObject {
        guard let object = try object(at: index, codingPath: codingPath()) else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "expected \(type) at \(Self.describe(codingPath())), found nil"))
        }
        return object
    }

    /// Whether the position holds nothing: UID 0, `NSNull`, or a binary plist null.
    func isNil(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard let (entry, _) = try resolve(index, codingPath: codingPath()) else { return true }
        switch objects[entry] {
        case .null: return true
        case .dictionary(let dictionary):
            return try classDescription(dictionary, uid: -1)?.name == "NSNull"
        default: return false
        }
    }

    func integer<T: FixedWidthInteger>(
        _ type: T.Type, at index: Int, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        let object = try required(T.self, at: index, codingPath())
        let result: T?
        switch object {
        case .integer(let value, _): result = T(exactly: value)
        case .unsignedInteger(let value): result = T(exactly: value)
        case .real(let value, _): result = T(exactly: value)
        case .dictionary:
            // Integers beyond 64 bits are written as an exact `NSDecimalNumber`.
            guard let layout = try? decimalLayout(object, codingPath()) else {
                throw typeMismatch(T.self, found: object, codingPath())
            }
            result = layout.integer(as: T.self)
        default: throw typeMismatch(T.self, found: object, codingPath())
        }
        guard let result else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "the number at \(Self.describe(codingPath())) does not fit \(T.self)"))
        }
        return result
    }

    func double(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> Double {
        let object = try required(Double.self, at: index, codingPath())
        switch object {
        case .real(let value, _): return value
        case .integer(let value, _): return Double(value)
        case .unsignedInteger(let value): return Double(value)
        default: throw typeMismatch(Double.self, found: object, codingPath())
        }
    }

    func float(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> Float {
        let number = try double(at: index, codingPath: codingPath())
        guard let float = Float(archivedDouble: number) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "the number \(number) at \(Self.describe(codingPath())) does not fit Float"))
        }
        return float
    }

    func bool(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        let object = try required(Bool.self, at: index, codingPath())
        switch object {
        case .bool(let value): return value
        case .integer(0, _): return false
        case .integer(1, _): return true
        default: throw typeMismatch(Bool.self, found: object, codingPath())
        }
    }

    func string(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        // The common case, without copying the object: a UID to a plain string entry.
        if case .uid(let uid) = objects[index], uid > 0, uid < UInt64(contents.entryCount),
            let value = string(objects[contents.checkedEntry(Int(uid))])
        {
            return value
        }
        let object = try required(String.self, at: index, codingPath())
        if let value = string(object) { return value }
        let fields = try foundationFields(
            object, expecting: ["NSString", "NSMutableString"], String.self, codingPath())
        return try string(at: try field("NS.string", in: fields, String.self, codingPath()), codingPath: codingPath())
    }

    /// The fields of a Foundation object of one of `classNames`, or a type mismatch.
    func foundationFields(
        _ object: PlistObject, expecting classNames: [String], _ type: Any.Type,
        _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> PlistDictionary {
        guard case .dictionary(let dictionary) = object,
            let description = try classDescription(dictionary, uid: -1)
        else { throw typeMismatch(type, found: object, codingPath()) }
        guard classNames.contains(description.name) else {
            throw DecodingError.typeMismatch(
                type,
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription:
                        "expected \(type) at \(Self.describe(codingPath())), found an archived \(description.name)"))
        }
        return dictionary
    }

    func field(
        _ key: String, in fields: PlistDictionary, _ type: Any.Type,
        _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Int {
        guard let value = document.value(named: key, in: fields) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "the archived \(type) at \(Self.describe(codingPath())) has no \(key)"))
        }
        return value
    }

    func data(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> Data {
        let object = try required(Data.self, at: index, codingPath())
        if let value = document.data(object) { return value }
        let fields = try foundationFields(object, expecting: ["NSData", "NSMutableData"], Data.self, codingPath())
        let inner = try self.object(
            at: try field("NS.data", in: fields, Data.self, codingPath()), codingPath: codingPath())
        guard let value = inner.flatMap(document.data) else {
            throw typeMismatch(Data.self, found: inner ?? .null, codingPath())
        }
        return value
    }

    func date(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> Date {
        let object = try required(Date.self, at: index, codingPath())
        if case .date(let seconds) = object { return Date(timeIntervalSinceReferenceDate: seconds) }
        let fields = try foundationFields(object, expecting: ["NSDate"], Date.self, codingPath())
        let seconds = try double(
            at: try field("NS.time", in: fields, Date.self, codingPath()), codingPath: codingPath())
        guard let date = Date(archivedSecondsSinceReferenceDate: seconds) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath(), debugDescription: "NS.time is NaN, not a point in time")
            )
        }
        return date
    }

    func url(at index: Int, codingPath: @autoclosure () -> [any CodingKey], depth: Int = 0) throws -> URL {
        let object = try required(URL.self, at: index, codingPath())
        if let text = string(object), let url = URL(string: text) { return url }
        let fields = try foundationFields(object, expecting: ["NSURL"], URL.self, codingPath())
        let relative = try string(
            at: try field("NS.relative", in: fields, URL.self, codingPath()), codingPath: codingPath())
        var base: URL?
        if let baseIndex = document.value(named: "NS.base", in: fields),
            try !isNil(at: baseIndex, codingPath: codingPath())
        {
            guard depth < 16 else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath(),
                        debugDescription: "URL bases nest too deeply at \(Self.describe(codingPath()))"))
            }
            base = try url(at: baseIndex, codingPath: codingPath(), depth: depth + 1)
        }
        guard let url = URL(string: relative, relativeTo: base) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "'\(relative.prefix(60))' at \(Self.describe(codingPath())) is not a URL"))
        }
        return url
    }

    func uuid(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> UUID {
        let object = try required(UUID.self, at: index, codingPath())
        if let text = string(object), let uuid = UUID(uuidString: text) { return uuid }
        let fields = try foundationFields(object, expecting: ["NSUUID"], UUID.self, codingPath())
        let bytes = try data(
            at: try field("NS.uuidbytes", in: fields, UUID.self, codingPath()), codingPath: codingPath())
        guard bytes.count == 16 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "NS.uuidbytes at \(Self.describe(codingPath())) is not 16 bytes"))
        }
        let b = Array(bytes)
        return UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }

    func decimal(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> Decimal {
        let object = try required(Decimal.self, at: index, codingPath())
        switch object {
        case .integer(let value, _): return Decimal(value)
        case .unsignedInteger(let value): return Decimal(value)
        case .real(let value, _): return Decimal(value)
        case .string, .text:
            guard let text = string(object), let decimal = Decimal(string: text) else {
                throw typeMismatch(Decimal.self, found: object, codingPath())
            }
            return decimal
        default: break
        }
        return try decimalLayout(object, codingPath()).decimal
    }

    /// The layout of the archived `NSDecimalNumber` `object`.
    func decimalLayout(_ object: PlistObject, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> DecimalLayout
    {
        let fields = try foundationFields(object, expecting: ["NSDecimalNumber"], Decimal.self, codingPath())
        func number(_ key: String) throws -> Int {
            try integer(Int.self, at: try field(key, in: fields, Decimal.self, codingPath()), codingPath: codingPath())
        }
        let negative = try bool(
            at: try field("NS.negative", in: fields, Decimal.self, codingPath()), codingPath: codingPath())
        let mantissa = try data(
            at: try field("NS.mantissa", in: fields, Decimal.self, codingPath()), codingPath: codingPath())
        let byteOrder = document.value(named: "NS.mantissa.bo", in: fields) != nil ? try number("NS.mantissa.bo") : 1
        guard
            let layout = DecimalLayout(
                exponent: try number("NS.exponent"), isNegative: negative,
                length: try number("NS.length"), mantissa: mantissa, byteOrder: byteOrder)
        else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "the NSDecimalNumber at \(Self.describe(codingPath())) is malformed"))
        }
        return layout
    }

    /// The types read natively rather than through their own `init(from:)`.
    enum Special {
        case string, int, double, bool, date, data, url, uuid, decimal, float
    }

    static func special<T>(_ type: T.Type) -> Special? {
        switch T.self {
        case is String.Type: .string
        case is Int.Type: .int
        case is Double.Type: .double
        case is Bool.Type: .bool
        case is Date.Type: .date
        case is Data.Type: .data
        case is URL.Type: .url
        case is UUID.Type: .uuid
        case is Decimal.Type: .decimal
        case is Float.Type: .float
        default: nil
        }
    }

    /// Reads a special type; `T` is the type `special` stands for, so the casts are identities
    /// (done without `as?`, whose `Optional<T>` costs a metadata lookup per value).
    func decodeSpecial<T: Decodable>(
        _ special: Special, as type: T.Type, at index: Int, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        switch special {
        case .string: unsafeBitCast(try string(at: index, codingPath: codingPath()), to: T.self)
        case .int: unsafeBitCast(try integer(Int.self, at: index, codingPath: codingPath()), to: T.self)
        case .double: unsafeBitCast(try double(at: index, codingPath: codingPath()), to: T.self)
        case .bool: unsafeBitCast(try bool(at: index, codingPath: codingPath()), to: T.self)
        case .date: unsafeBitCast(try date(at: index, codingPath: codingPath()), to: T.self)
        case .data: unsafeBitCast(try data(at: index, codingPath: codingPath()), to: T.self)
        case .url: unsafeBitCast(try url(at: index, codingPath: codingPath()), to: T.self)
        case .uuid: unsafeBitCast(try uuid(at: index, codingPath: codingPath()), to: T.self)
        case .decimal: unsafeBitCast(try decimal(at: index, codingPath: codingPath()), to: T.self)
        case .float: unsafeBitCast(try float(at: index, codingPath: codingPath()), to: T.self)
        }
    }

    /// Reads an integer of type `I` as the `T` it is.
    func decodeInteger<T: Decodable, I: FixedWidthInteger>(
        _ integerType: I.Type, as type: T.Type, at index: Int, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        unsafeBitCast(try integer(I.self, at: index, codingPath: codingPath()), to: T.self)
    }
}
