/// A class decoded in two steps, as the originals did: created empty, registered, then filled.
///
/// For hand-written decoding of graphs with cycles. A reference-keeping decoder that meets a
/// `TwoPhaseDecodable` class creates it with ``init()``, records it under its identity in the
/// archive at once, and only then calls ``decodeProperties(from:)``; references to it found
/// while its properties are being read (a child pointing at its parent) receive the instance
/// directly. Decoders without references call `init(from:)` as usual, so implement that as
/// creation followed by the same properties read:
///
/// ```swift
/// final class Folder: TwoPhaseDecodable, Encodable {
///     var name = ""
///     var files: [File] = []
///     init() {}
///     convenience init(from decoder: any Decoder) throws {
///         self.init()
///         try decodeProperties(from: decoder)
///     }
///     func decodeProperties(from decoder: any Decoder) throws {
///         let container = try decoder.container(keyedBy: CodingKeys.self)
///         name = try container.decode(String.self, forKey: .name)
///         files = try container.decode([File].self, forKey: .files)
///     }
/// }
/// ```
public protocol TwoPhaseDecodable: AnyObject, Decodable {
    /// Creates an empty instance, before any property is read.
    init()

    /// Reads the instance's properties from `decoder`.
    func decodeProperties(from decoder: any Decoder) throws
}
