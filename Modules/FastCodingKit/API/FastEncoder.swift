import Foundation

/// Encodes Codable values as FastCoding v3 archives, configurable in the style of `JSONEncoder`.
///
/// Structs and classes become custom objects (a class definition written once per type, then
/// one object chunk per instance); class instances met twice are written once and aliased,
/// so shared references stay shared and cyclic graphs can be written.
public struct FastEncoder: Sendable {
    /// Maps class types to the names recorded in the archive.
    public var registry: ClassNameRegistry
    /// The deepest nesting written before encoding fails (guards against runaway recursion).
    public var maximumDepth: Int
    /// Contextual information for `encode(to:)` implementations.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates an encoder with the shared registry and a depth limit of 512.
    public init(
        registry: ClassNameRegistry = .shared,
        maximumDepth: Int = ArchiveLimits.defaultMaximumDepth,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.registry = registry
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
    }

    /// Encodes `value` as a complete FastCoding archive.
    ///
    /// - Throws: `EncodingError` for values the format cannot hold (strings containing U+0000,
    ///   data over 4 GiB, nesting beyond ``maximumDepth``; see <doc:Limits>) and for container uses
    ///   Foundation's encoders stop on, its coding path naming the property or array index of the value.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        var context = FastEncodingContext.forCall(
            root: T.self, registry: registry, maximumDepth: maximumDepth, userInfo: userInfo)
        let data = try context.encodeRoot(value)
        FastEncodingContext.keepIfUnused(&context)
        return data
    }
}
