import CodingCore
import Foundation

/// Everything one encoding run shares: options, and the objects already written (identity).
final class HREncodingState {
    let registry: ClassNameRegistry
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether the tree is for an XML property list, whose `<date>` holds whole seconds from
    /// year 1 to 9999: other dates are written in their tagged form (see `HRXMLDateRange`).
    let forXML: Bool
    var depth = 0
    /// The stack left to this run's thread, asked at each level.
    @exclusivity(unchecked) private var stackSpace = StackSpace()
    /// Key path of each class instance already written, for `$alias`.
    var objectPaths: [ObjectIdentifier: String] = [:]
    /// Keeps every recorded instance alive so no `ObjectIdentifier` is reused during the run.
    var retained: [AnyObject] = []
    /// Per class type: whether it is `@Reference` / `@StrongReference` (a runtime conformance
    /// lookup, so asked once per type).
    @exclusivity(unchecked) var referenceTypes: [(type: ObjectIdentifier, isReference: Bool)] = []
    /// `$class` tag per class (`nil`: a dictionary type, never tagged); value types' tags are
    /// kept for the process by `HRValueTypeTags`.
    var typeNames: [ObjectIdentifier: String?] = [:]
    /// The types whose values may be written as special values (dates, data, …).
    @exclusivity(unchecked) var specialTypes = HRSpecialTypes()
    /// Which key types met so far are an `@Observable` class's synthesized keys.
    @exclusivity(unchecked) var observedKeyTypes = ObservedKeyTypes()
    /// The first `$class` or `$alias` written as a key, thrown when the run ends (the
    /// container that took the key may have no way to throw).
    private(set) var reservedKeyError: EncodingError?

    init(
        registry: ClassNameRegistry, maximumDepth: Int, userInfo: [CodingUserInfoKey: any Sendable] = [:],
        forXML: Bool = false
    ) {
        self.registry = registry
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
        self.forXML = forXML
    }

    /// Records `key`, met in a keyed container at `codingPath`, when it is `$class` or `$alias`:
    /// the reader would take it for a class tag or an alias.
    func noteReservedKey(_ key: String, at codingPath: [any CodingKey]) {
        guard reservedKeyError == nil, key == HRValue.classKey || key == HRValue.aliasKey else { return }
        let meaning = key == HRValue.classKey ? "an object's class name" : "a reference to an object written before"
        reservedKeyError = EncodingError.reservedKey(
            key, format: "HRCoder archives", meaning: meaning,
            codingPath: codingPath + [ArchiveCodingKey(stringValue: key)])
    }

    /// Whether `value`, of a class type, is an empty `@Reference` / `@StrongReference`, which is
    /// left out of its container as a nil optional is (and as the original leaves out nil).
    func isEmptyReference<T>(_ value: T) -> Bool {
        let id = ObjectIdentifier(T.self)
        var isReference: Bool?
        for entry in referenceTypes where entry.type == id {
            isReference = entry.isReference
            break
        }
        if isReference == nil {
            isReference = T.self is any DeferredReference.Type
            referenceTypes.append((id, isReference == true))
        }
        return isReference == true && CodingCore.isEmptyReference(value)
    }

    /// The `$class` tag for a value of dynamic type `type`, or `nil` for dictionaries.
    func tag(for type: Any.Type) -> String? {
        guard type is AnyClass else { return HRValueTypeTags.shared.tag(for: type, registry: registry) }
        let id = ObjectIdentifier(type)
        if let known = typeNames[id] { return known }
        let name = type is any CodableDictionaryMarker.Type ? nil : ArchiveTypeName.name(of: type, registry: registry)
        typeNames[id] = name
        return name
    }

    /// Encodes `value`, found at the coding path `lazyPath` makes (only when needed: not for a
    /// date, say), into a tree node.
    /// A class instance as `AnyObject`. A plain class reference is reinterpreted: `as AnyObject`
    /// on a generic value goes through the bridging machinery, thousands of instructions per
    /// object. Anything else (a class-bound existential with witness tables) is converted.
    @inline(__always)
    private static func objectReference<T>(_ value: T) -> AnyObject {
        guard MemoryLayout<T>.size == MemoryLayout<AnyObject>.size else { return value as AnyObject }
        return unsafeBitCast(value, to: AnyObject.self)
    }

    func box<T: Encodable>(_ value: T, at lazyPath: @autoclosure () -> [any CodingKey]) throws -> HRValue {
        if specialTypes.mayBeSpecial(T.self), let special = value as? any HRSpecialValue {
            let node = special.hrValue()
            if forXML, case let .date(date) = node, !HRXMLDateRange.holds(date) { return HRValue.taggedDate(date) }
            return node
        }
        let codingPath = lazyPath()
        depth += 1
        defer { depth -= 1 }
        guard depth <= maximumDepth else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "values nest deeper than the limit of \(maximumDepth) at \(HRKeyPath.place(codingPath))"))
        }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: StackSpace.message(depth: depth) + " at \(HRKeyPath.place(codingPath))"))
        }
        var dynamicType: Any.Type = T.self
        if T.self is AnyObject.Type {
            let object = Self.objectReference(value)
            let id = ObjectIdentifier(object)
            if let path = objectPaths[id] {
                return .dictionary([HRValue.aliasKey: .string(path)])
            }
            // A key containing a dot cannot be named by an alias (paths split at every dot):
            // such a position is not an alias target, so a later occurrence is written in full.
            let path = HRKeyPath.string(codingPath)
            let dots = path.utf8.reduce(0) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
            if codingPath.isEmpty || dots == codingPath.count - 1 {
                objectPaths[id] = path
            }
            retained.append(object)
            dynamicType = type(of: object)
        }
        let encoder = HREncoderImplementation(state: self, codingPath: codingPath, valueType: T.self)
        try value.encode(to: encoder)
        return encoder.result(tag: encoder.keyed != nil ? tag(for: dynamicType) : nil)
    }
}
