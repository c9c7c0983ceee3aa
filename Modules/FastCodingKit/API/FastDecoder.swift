import CodingCore
import Foundation

/// Decodes Codable values from FastCoding v3 archives, configurable in the style of `JSONDecoder`.
///
/// Property values are read in the order of the class definition stored in the file;
/// a synthesized `init(from:)` that asks in the same order reads straight through, other
/// orders work too (more slowly). Class names are resolved through ``registry`` with the
/// "expected type or a subclass" rule; for structs the recorded name is not checked.
public struct FastDecoder: Sendable {
    /// The nesting limit used when none is given: CodingCore's `ArchiveLimits.defaultMaximumDepth` (512),
    /// the limit every coder of the suite shares.
    public static let defaultMaximumDepth = ArchiveLimits.defaultMaximumDepth

    /// Resolves recorded class names to classes.
    public var registry: ClassNameRegistry
    /// The deepest nesting accepted; deeper input throws ``FastCodingError/nestingTooDeep(limit:offset:)``.
    public var maximumDepth: Int
    /// Contextual information for `init(from:)` implementations.
    public var userInfo: [CodingUserInfoKey: any Sendable]
    /// How many bytes a decode may re-read per byte of input: value types (structs, arrays,
    /// strings, data) shared through aliases are read again at every alias, so a small file can
    /// stand for an astronomically large value. At least `ArchiveLimits.minimumExpansionBudget`
    /// bytes may always be re-read; beyond the budget decoding throws
    /// ``FastCodingError/expansionTooLarge(limit:offset:)``. Class instances are shared, not re-read.
    /// Defaults to `ArchiveLimits.defaultMaximumExpansion`.
    public var maximumExpansion = ArchiveLimits.defaultMaximumExpansion

    /// Creates a decoder with the shared registry and a depth limit of 512.
    public init(
        registry: ClassNameRegistry = .shared, maximumDepth: Int = FastDecoder.defaultMaximumDepth,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.registry = registry
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
    }

    /// Decodes a value of type `type` from a complete FastCoding archive.
    ///
    /// - Throws: ``FastCodingError`` for malformed bytes (with the offset), `DecodingError`
    ///   (with the coding path) when the archive does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, from: data, layered: nil)
    }

    /// Decodes a value of type `type` from a complete FastCoding archive layered over `base`:
    /// each key the archive's top-level value lacks takes `base`'s value, each key it holds
    /// replaces it (the original BaseModel's `setWithCoder:`).
    ///
    /// Nested values are decoded whole: their missing keys take their own type's defaults when
    /// it adopts `Evolvable`. As everywhere, a missing optional stays `nil` rather than taking
    /// `base`'s value, and `base`'s values count against ``maximumExpansion`` and
    /// ``maximumDepth`` as if the archive held them.
    ///
    /// - Throws: ``FastCodingError`` for malformed bytes (with the offset), `DecodingError`
    ///   (with the coding path) when the archive does not fit `type` or `base` does not encode.
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        let userInfo: [CodingUserInfoKey: Any] = userInfo
        return try decode(type, from: data, layered: try TypeDefaults.layering(over: base, userInfo: userInfo))
    }

    private func decode<T: Decodable>(_ type: T.Type, from data: Data, layered: TypeDefaults?) throws -> T {
        try data.withUnsafeBytes { bytes in
            let context = try FastDecodingContext(
                bytes: bytes, registry: registry, maximumDepth: maximumDepth, userInfo: userInfo)
            context.replayBudget = ArchiveLimits.expansionBudget(
                inputSize: bytes.count, maximumExpansion: maximumExpansion)
            if let layered { context.evolution = DecodingEvolution(userInfo: context.userInfo, layered: layered) }
            // The context reads `data` in place; user code may keep it (as a `Decoder`), or one of
            // its containers, past this call.
            defer { context.finish() }
            return try context.decodeRoot(type)
        }
    }

    /// Reads an archive into an untyped ``FastValue`` tree with this decoder's depth limit.
    public func decodeTree(from data: Data) throws -> FastValue {
        try FastValueReader.read(data, maximumDepth: maximumDepth)
    }
}
