import CodingCore
import Foundation

/// Everything one encode call shares: the streaming writer, the identities of the class
/// instances written so far, class descriptions per type, and the depth.
///
/// An encode runs on one thread, and no access to the state (or to an encoder's keys and
/// values, a key sequence, the byte buffer) overlaps another: each is a read or an append
/// finished before user code runs again. So they skip the run-time exclusivity checks, which
/// took about a quarter of the instructions of an encode.
final class KeyedEncodingState {
    @exclusivity(unchecked) var writer: KeyedArchiveWriter
    let registry: ClassNameRegistry
    let userInfo: [CodingUserInfoKey: any Sendable]
    let maximumDepth: Int
    @exclusivity(unchecked) var depth = 0
    /// Which key types met so far are an `@Observable` class's synthesized keys.
    @exclusivity(unchecked) var observedKeyTypes = ObservedKeyTypes()
    /// The stack left to this call's thread, asked at each level.
    @exclusivity(unchecked) private var stackSpace = StackSpace()
    /// The UID of each class instance written (or being written), by identity.
    @exclusivity(unchecked) private var identities: [ObjectIdentifier: UInt64] = [:]
    /// Keeps the instances alive so their identifiers stay unique during the encode.
    @exclusivity(unchecked) private var retained: [AnyObject] = []
    /// The `$class` UID reference of each type met.
    @exclusivity(unchecked) private var classReferences: [ObjectIdentifier: Int] = [:]

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
        let root = try encode(value, inline: false, parent: nil, key: nil)
        if let deferredError { throw deferredError }
        return try writer.finish(root: root)
    }

    /// The first refusal noted by a container call that has no way to throw (a property named
    /// `$class`, a nested container of a key holding a value it cannot add to), thrown when the
    /// run ends.
    private(set) var deferredError: EncodingError?

    /// Records a property named `$class` at `codingPath`: the reader would take it for the
    /// object's class.
    func noteReservedKey(_ key: String, at codingPath: [any CodingKey]) {
        refuse(
            EncodingError.reservedKey(
                key, format: "keyed archives", meaning: "an object's class", codingPath: codingPath))
    }

    /// Records `error`, thrown when the run ends, unless an earlier one was recorded.
    func refuse(_ error: EncodingError) {
        guard deferredError == nil else { return }
        deferredError = error
    }

    /// How values of one type are written, worked out once per type (dynamic casts are slow).
    private enum TypeKind {
        /// A struct, enum or collection: encoded in place each time.
        case value((any KeyedCollectionMarker.Type)?)
        /// A class: written once per instance, later mentions are UIDs.
        case instance
        /// A back-pointer wrapper (`@Reference`): transparent, the object it holds has the identity.
        case transparent
        /// An integer type other than `Int`.
        case integer
    }

    @exclusivity(unchecked) private var typeKinds: [ObjectIdentifier: (kind: TypeKind, keys: KeySequence)] = [:]

    /// The key sequence of values of `type` (see ``KeySequence``).
    func keySequence(of type: Any.Type) -> KeySequence {
        if let known = typeKinds[ObjectIdentifier(type)] { return known.keys }
        let keys = KeySequence()
        typeKinds[ObjectIdentifier(type)] = (.instance, keys)
        return keys
    }

    private func kind<T>(of type: T.Type) -> (kind: TypeKind, keys: KeySequence) {
        if let known = typeKinds[ObjectIdentifier(type)] { return known }
        let kind: TypeKind
        if T.self is any FixedWidthInteger.Type {
            kind = .integer
        } else if T.self is any DeferredReference.Type {
            kind = .transparent
        } else if T.self is AnyObject.Type {
            kind = .instance
        } else {
            kind = .value(T.self as? any KeyedCollectionMarker.Type)
        }
        let entry = (kind, KeySequence())
        typeKinds[ObjectIdentifier(type)] = entry
        return entry
    }

    /// Whether `value` is an empty `@Reference` or `@StrongReference`, which a keyed container
    /// leaves out as it does a nil optional.
    func isEmptyReference<T>(_ value: T) -> Bool {
        guard case .transparent = kind(of: T.self).kind else { return false }
        return CodingCore.isEmptyReference(value)
    }

    /// Encodes `value` and returns the reference its parent stores: a UID reference, or a
    /// property-list scalar when `inline` (object properties) allows one.
    func encode<T: Encodable>(_ value: T, inline: Bool, parent: KeyedValueEncoder?, key: (any CodingKey)?) throws -> Int
    {
        if let reference = encodeSpecial(value, inline: inline) { return reference }
        let (kind, keys) = kind(of: T.self)
        if case .integer = kind, let integer = value as? any FixedWidthInteger {
            return try self.integer(
                integer, inline: inline, codingPath: (parent?.codingPath ?? []) + (key.map { [$0] } ?? []))
        }
        func tooDeep(_ reason: String) -> EncodingError {
            .invalidValue(
                value,
                EncodingError.Context(
                    codingPath: (parent?.codingPath ?? []) + (key.map { [$0] } ?? []), debugDescription: reason))
        }
        guard depth < maximumDepth else { throw tooDeep("values nest deeper than the limit of \(maximumDepth)") }
        if stackSpace.isRunningOut(atDepth: depth) { throw tooDeep(StackSpace.message(depth: depth)) }
        depth += 1
        defer { depth -= 1 }
        switch kind {
        case .instance:
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            if let uid = identities[id] { return writer.uidReference(uid) }
            let uid = writer.reserveUID()
            identities[id] = uid
            retained.append(object)
            let dynamicType = type(of: value)
            let encoder = KeyedValueEncoder(
                state: self, parent: parent, key: key, inline: false,
                uid: uid, type: dynamicType, collection: nil)
            encoder.keySequence = dynamicType == T.self ? keys : keySequence(of: dynamicType)
            try value.encode(to: encoder)
            return try encoder.finish()
        case .value(let collection):
            let encoder = KeyedValueEncoder(
                state: self, parent: parent, key: key, inline: inline, uid: nil,
                type: T.self, collection: collection)
            if collection == nil { encoder.keySequence = keys }
            try value.encode(to: encoder)
            return try encoder.finish()
        case .transparent, .integer:
            let encoder = KeyedValueEncoder(
                state: self, parent: parent, key: key, inline: inline, uid: nil,
                type: T.self, collection: nil)
            try value.encode(to: encoder)
            return try encoder.finish()
        }
    }

    /// An integer of any width: a property-list integer when it fits 64 bits (signed, or
    /// unsigned above `Int64.max`), otherwise an `NSDecimalNumber` entry holding it exactly (its
    /// 128-bit mantissa holds every `Int128` and `UInt128`).
    func integer(
        _ value: some FixedWidthInteger, inline: Bool, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Int {
        if let signed = Int64(exactly: value) { return scalar(writer.plist.integer(signed), inline: inline) }
        if let unsigned = UInt64(exactly: value) {
            return scalar(writer.plist.unsignedInteger(unsigned), inline: inline)
        }
        return try wideInteger(value, codingPath: codingPath())
    }

    /// An integer beyond 64 bits as an exact `NSDecimalNumber` entry; refused beyond 128 bits.
    func wideInteger(_ value: some FixedWidthInteger, codingPath: @autoclosure () -> [any CodingKey]) throws -> Int {
        let layout = DecimalLayout(integer: value)
        guard layout.words.count <= 8 else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "the \(type(of: value)) \(value) needs more than 128 bits: keyed archives hold "
                        + "integers beyond 64 bits as an NSDecimalNumber, whose mantissa has 128"))
        }
        return encodeDecimal(layout)
    }

    /// A scalar in place or in its own entry, as `inline` allows.
    @inline(__always)
    func scalar(_ reference: Int, inline: Bool) -> Int {
        inline ? reference : writer.entry(reference)
    }

    /// Numbers, strings and the types with a Foundation counterpart; `nil` for anything else.
    @inline(__always)
    func encodeSpecial<T: Encodable>(_ value: T, inline: Bool) -> Int? {
        // Each test compares `T` with a type, so the cast after it is an identity (`as?` would
        // cost a dynamic cast per value).
        if T.self == String.self {
            let string = unsafeBitCast(value, to: String.self)
            return writer.stringEntry(string)
        }
        if T.self == Int.self {
            let number = unsafeBitCast(value, to: Int.self)
            return scalar(writer.plist.integer(Int64(number)), inline: inline)
        }
        if T.self == Double.self {
            let number = unsafeBitCast(value, to: Double.self)
            return scalar(writer.plist.real(number), inline: inline)
        }
        if T.self == Bool.self {
            let bool = unsafeBitCast(value, to: Bool.self)
            return scalar(writer.plist.bool(bool), inline: inline)
        }
        if T.self == Date.self {
            let date = unsafeBitCast(value, to: Date.self)
            let time = writer.plist.real(date.timeIntervalSinceReferenceDate)
            return writer.foundationObject("NSDate", keys: ["NS.time"], values: [time])
        }
        if T.self == Data.self {
            let data = unsafeBitCast(value, to: Data.self)
            return writer.entry(writer.plist.data(data))
        }
        if T.self == URL.self {
            let url = unsafeBitCast(value, to: URL.self)
            return encodeURL(url)
        }
        if T.self == UUID.self {
            let uuid = unsafeBitCast(value, to: UUID.self)
            let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
            return writer.foundationObject("NSUUID", keys: ["NS.uuidbytes"], values: [writer.plist.data(bytes)])
        }
        if T.self == Decimal.self {
            let decimal = unsafeBitCast(value, to: Decimal.self)
            return encodeDecimal(DecimalLayout(decimal))
        }
        if T.self == Float.self {
            let number = unsafeBitCast(value, to: Float.self)
            return scalar(writer.plist.float(number), inline: inline)
        }
        return nil
    }

    private func encodeURL(_ url: URL) -> Int {
        let base = url.baseURL.map { encodeURL($0) } ?? writer.uidReference(0)
        let relative = writer.stringEntry(url.relativeString)
        return writer.foundationObject("NSURL", keys: ["NS.base", "NS.relative"], values: [base, relative])
    }

    /// `NSDecimalNumber`'s keyed layout (see ``DecimalLayout``); NaN is an empty mantissa with
    /// the sign set, as in `NSDecimal`.
    private func encodeDecimal(_ layout: DecimalLayout) -> Int {
        let values = [
            writer.plist.integer(Int64(layout.exponent)), writer.plist.integer(Int64(layout.words.count)),
            writer.plist.bool(layout.isNegative), writer.plist.bool(true),
            writer.plist.integer(1), writer.plist.data(layout.mantissaBytes),
        ]
        return writer.foundationObject(
            "NSDecimalNumber",
            keys: [
                "NS.exponent", "NS.length", "NS.negative", "NS.compact", "NS.mantissa.bo", "NS.mantissa",
            ], values: values)
    }
}
