import Foundation

/// Everything one encode call shares: the streaming writer, the identities of the class
/// instances written so far, class descriptions per type, and the depth.
final class KeyedEncodingState {
    var writer: KeyedArchiveWriter
    let registry: ClassNameRegistry
    let userInfo: [CodingUserInfoKey: any Sendable]
    let maximumDepth: Int
    var depth = 0
    /// The UID of each class instance written (or being written), by identity.
    private var identities: [ObjectIdentifier: UInt64] = [:]
    /// Keeps the instances alive so their identifiers stay unique during the encode.
    private var retained: [AnyObject] = []
    /// The `$class` UID reference of each type met.
    private var classReferences: [ObjectIdentifier: Int] = [:]

    init(registry: ClassNameRegistry, userInfo: [CodingUserInfoKey: any Sendable], maximumDepth: Int) {
        self.registry = registry
        self.userInfo = userInfo
        self.maximumDepth = maximumDepth
        writer = KeyedArchiveWriter(capacity: 16_384)
    }

    /// The `$class` reference for values of `type`: its archive name and, for classes, the
    /// names of its superclasses, then `NSObject`.
    func classReference(for type: Any.Type) -> Int {
        let id = ObjectIdentifier(type)
        if let known = classReferences[id] { return known }
        let name = ArchiveTypeName.name(of: type, registry: registry)
        let reference = writer.classReference(name, chain: Self.chain(of: type, name: name, registry: registry))
        classReferences[id] = reference
        return reference
    }

    private static func chain(of type: Any.Type, name: String, registry: ClassNameRegistry) -> [String] {
        var chain = [name]
        var current: AnyClass? = _getSuperclass(type)
        while let superclass = current {
            let superName = ArchiveTypeName.name(of: superclass, registry: registry)
            if !superName.hasPrefix("_") && superName != "SwiftObject" && superName != "NSObject" {
                chain.append(superName)
            }
            current = _getSuperclass(superclass)
        }
        chain.append("NSObject")
        return chain
    }

    func encodeRoot<T: Encodable>(_ value: T) throws -> Data {
        let root = try encode(value, inline: false, codingPath: [])
        return try writer.finish(root: root)
    }

    /// Encodes `value` and returns the reference its parent stores: a UID reference, or a
    /// property-list scalar when `inline` (object properties) allows one.
    func encode<T: Encodable>(_ value: T, inline: Bool, codingPath: [any CodingKey]) throws -> Int {
        if let reference = try encodeSpecial(value, inline: inline) { return reference }
        guard depth < maximumDepth else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "values nest deeper than the limit of \(maximumDepth)"))
        }
        depth += 1
        defer { depth -= 1 }
        // Back-pointer wrappers (`@Reference`) are transparent: the object they hold has the identity.
        if T.self is AnyObject.Type, !(T.self is any DeferredReference.Type) {
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            if let uid = identities[id] { return writer.uidReference(uid) }
            let uid = writer.reserveUID()
            identities[id] = uid
            retained.append(object)
            let encoder = KeyedValueEncoder(state: self, codingPath: codingPath, inline: false,
                                            uid: uid, type: type(of: value), collection: nil)
            try value.encode(to: encoder)
            return try encoder.finish()
        }
        let encoder = KeyedValueEncoder(state: self, codingPath: codingPath, inline: inline, uid: nil,
                                        type: T.self, collection: T.self as? any KeyedCollectionMarker.Type)
        try value.encode(to: encoder)
        return try encoder.finish()
    }

    /// A scalar in place or in its own entry, as `inline` allows.
    @inline(__always)
    func scalar(_ reference: Int, inline: Bool) -> Int {
        inline ? reference : writer.entry(reference)
    }

    /// Numbers, strings and the types with a Foundation counterpart; `nil` for anything else.
    @inline(__always)
    func encodeSpecial<T: Encodable>(_ value: T, inline: Bool) throws -> Int? {
        if T.self == String.self, let string = value as? String { return writer.stringEntry(string) }
        if T.self == Int.self, let number = value as? Int { return scalar(writer.plist.integer(Int64(number)), inline: inline) }
        if T.self == Double.self, let number = value as? Double { return scalar(writer.plist.real(number), inline: inline) }
        if T.self == Bool.self, let bool = value as? Bool { return scalar(writer.plist.bool(bool), inline: inline) }
        if T.self == Date.self, let date = value as? Date {
            let time = writer.plist.real(date.timeIntervalSinceReferenceDate)
            return writer.foundationObject("NSDate", keys: ["NS.time"], values: [time])
        }
        if T.self == Data.self, let data = value as? Data { return writer.entry(writer.plist.data(data)) }
        if T.self == URL.self, let url = value as? URL { return encodeURL(url) }
        if T.self == UUID.self, let uuid = value as? UUID {
            let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
            return writer.foundationObject("NSUUID", keys: ["NS.uuidbytes"], values: [writer.plist.data(bytes)])
        }
        if T.self == Decimal.self, let decimal = value as? Decimal { return encodeDecimal(decimal) }
        if T.self == Float.self, let number = value as? Float { return scalar(writer.plist.float(number), inline: inline) }
        if let integer = value as? any FixedWidthInteger {
            if let signed = Int64(exactly: integer) { return scalar(writer.plist.integer(signed), inline: inline) }
            if let unsigned = UInt64(exactly: integer) { return scalar(writer.plist.unsignedInteger(unsigned), inline: inline) }
        }
        return nil
    }

    private func encodeURL(_ url: URL) -> Int {
        let base = url.baseURL.map { encodeURL($0) } ?? writer.uidReference(0)
        let relative = writer.stringEntry(url.relativeString)
        return writer.foundationObject("NSURL", keys: ["NS.base", "NS.relative"], values: [base, relative])
    }

    /// `NSDecimalNumber`'s keyed layout (see ``DecimalLayout``).
    private func encodeDecimal(_ decimal: Decimal) -> Int {
        let layout = DecimalLayout(decimal)
        let values = [
            writer.plist.integer(Int64(layout.exponent)), writer.plist.integer(Int64(layout.words.count)),
            writer.plist.bool(layout.isNegative), writer.plist.bool(true),
            writer.plist.integer(1), writer.plist.data(layout.mantissaBytes),
        ]
        return writer.foundationObject("NSDecimalNumber", keys: [
            "NS.exponent", "NS.length", "NS.negative", "NS.compact", "NS.mantissa.bo", "NS.mantissa",
        ], values: values)
    }
}
