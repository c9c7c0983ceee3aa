/// Arrays read their elements through the decoder's own loop, without the generic
/// `Array.init(from:)`.
///
/// The loop is generic over the array type itself, which the caller opens from the type's
/// cached ``FastDecodingContext/StaticInfo``, and takes no closure. Code generic over the element
/// alone (a method of the context, a closure, even a method of `Array`) looks up the metadata of
/// `[Element]` for every array it builds: about 330 instructions each.
protocol FastDecodableArray: RangeReplaceableCollection where Element: Decodable {}

extension Array: FastDecodableArray where Element: Decodable {}

extension FastDecodableArray {
    /// Reads a `Self` and returns it as `V`, the type the caller looked `Self` up for.
    static func decodeArray<V>(as type: V.Type, from context: FastDecodingContext, key: FastDecodingContext.FrameKey)
        throws -> V
    {
        try context.enter(context.reader.offset)
        defer { context.depth -= 1 }
        let saved = context.currentFrame
        let frame = context.pushFrame(FastDecodingContext.Frame(kind: .value, key: key))
        defer { context.currentFrame = saved }
        let count = context.frames[try context.beginList(frame)].count
        var elements = Self()
        elements.reserveCapacity(count)
        // Objects and structs go straight to `decodeComposite`: one type look-up per list.
        let info = context.staticInfo(Element.self)
        for position in 0..<count {
            context.frames[frame].cursor = position + 1
            let key = FastDecodingContext.FrameKey(parent: frame, position: position)
            elements.append(
                info.isComposite
                    ? try context.decodeComposite(Element.self, key: key, isClass: info.isClass)
                    : try context.decode(Element.self, key: key))
        }
        try context.endFrame(frame)
        return unsafeBitCast(elements, to: V.self)
    }
}
