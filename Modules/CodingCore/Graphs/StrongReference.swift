/// A back-pointer property that decodes cycles and keeps its target alive.
///
/// Like ``Reference`` but strong: use it where nothing else owns the target. A decoded cycle of
/// strong references is not freed by reference counting; break it by hand (set the property to
/// `nil`) when the graph is done with.
@propertyWrapper
public final class StrongReference<Target: AnyObject> {
    /// The object referred to, or `nil`.
    public var wrappedValue: Target?

    /// Creates a reference to `wrappedValue`.
    public init(wrappedValue: Target?) {
        self.wrappedValue = wrappedValue
    }

    /// Creates an empty reference.
    public init() {}
}

extension StrongReference: DeferredReference {
    package func assign(_ target: Target?) { wrappedValue = target }
}

extension StrongReference: Encodable where Target: Encodable {
    /// Encodes the target as a plain (optional) object.
    public func encode(to encoder: any Encoder) throws {
        try encodeReference(to: encoder)
    }
}

extension StrongReference: Decodable where Target: Decodable {
    /// Decodes the target, or registers to receive it once it has finished decoding.
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeReference(from: decoder)
    }
}
