/// What ``Reference`` and ``StrongReference`` share: a box a decoder may fill in later.
package protocol DeferredReference<Target>: AnyObject {
    associatedtype Target: AnyObject
    var wrappedValue: Target? { get }
    func assign(_ target: Target?)
}

extension DeferredReference where Target: Encodable {
    func encodeReference(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let target = wrappedValue {
            try container.encode(target)
        } else {
            try container.encodeNil()
        }
    }
}

extension DeferredReference where Target: Decodable {
    func decodeReference(from decoder: any Decoder) throws {
        if let resolving = decoder as? any ReferenceResolvingDecoder {
            try resolving.decodeReference(Target.self) { [self] target in assign(target) }
            return
        }
        let container = try decoder.singleValueContainer()
        assign(container.decodeNil() ? nil : try container.decode(Target.self))
    }
}

extension KeyedDecodingContainer {
    /// An absent back-pointer key decodes as an empty ``Reference``, as an absent optional would.
    public func decode<Target: Decodable>(
        _ type: Reference<Target>.Type,
        forKey key: Key
    ) throws -> Reference<Target> {
        try decodeIfPresent(type, forKey: key) ?? Reference()
    }

    /// An absent back-pointer key decodes as an empty ``StrongReference``, as an absent optional would.
    public func decode<Target: Decodable>(
        _ type: StrongReference<Target>.Type,
        forKey key: Key
    ) throws -> StrongReference<Target> {
        try decodeIfPresent(type, forKey: key) ?? StrongReference()
    }
}

/// Whether `value` is an empty ``Reference`` or ``StrongReference``. A keyed container leaves
/// such a property out, as synthesized `encode(to:)` leaves out a nil optional, so the archive
/// is the one a plain optional property writes.
package func isEmptyReference<T>(_ value: T) -> Bool {
    guard let reference = value as? any DeferredReference else { return false }
    return reference.wrappedValue == nil
}
