/// A back-pointer property that decodes cycles: weak, filled in once its target has decoded.
///
/// A synthesized `init(from:)` cannot receive an object that is still being built, so a
/// property that points back up the graph (a child's parent, an item's list) declares itself
/// with this wrapper and keeps synthesized `Codable`:
///
/// ```swift
/// final class Node: Codable {
///     var name = ""
///     var children: [Node] = []
///     @Reference var parent: Node?
/// }
/// ```
///
/// In a reference-keeping format (FastCoding, HRCoder, keyed archives) the decoder fills the
/// property as soon as the object it refers to has finished decoding, before the decode call
/// returns. The reference is weak, so a decoded cycle is freed when the last outside reference
/// goes; use ``StrongReference`` where the property must keep its target alive. It encodes as
/// the plain object (written once, then as a reference), so files stay compatible with the
/// originals. Other decoders (JSON, property lists) decode the object in place, as they would
/// without the wrapper.
@propertyWrapper
public final class Reference<Target: AnyObject> {
    // A property wrapper's `wrappedValue` cannot itself be `weak`: the storage is.
    private weak var target: Target?

    /// The object referred to, or `nil` (also once the object has been freed).
    public var wrappedValue: Target? {
        get { target }
        set { target = newValue }
    }

    /// Creates a reference to `wrappedValue`.
    public init(wrappedValue: Target?) {
        target = wrappedValue
    }

    /// Creates an empty reference.
    public init() {}
}

extension Reference: DeferredReference {
    package func assign(_ target: Target?) { wrappedValue = target }
}

extension Reference: Encodable where Target: Encodable {
    /// Encodes the target as a plain (optional) object.
    public func encode(to encoder: any Encoder) throws {
        try encodeReference(to: encoder)
    }
}

extension Reference: Decodable where Target: Decodable {
    /// Decodes the target, or registers to receive it once it has finished decoding.
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeReference(from: decoder)
    }
}
