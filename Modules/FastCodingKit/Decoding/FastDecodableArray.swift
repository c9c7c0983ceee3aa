/// Arrays decode their elements through ``FastDecodingContext/decodeElements(_:key:)``.
protocol FastDecodableArray {
    /// Reads a `Self` and returns it as `V`, the type the caller looked `Self` up for.
    static func decodeArray<V>(as type: V.Type, from context: FastDecodingContext, key: FastDecodingContext.FrameKey)
        throws -> V
}

extension Array: FastDecodableArray where Element: Decodable {
    static func decodeArray<V>(as type: V.Type, from context: FastDecodingContext, key: FastDecodingContext.FrameKey)
        throws -> V
    {
        unsafeBitCast(try context.decodeElements(Element.self, key: key), to: V.self)
    }
}
