import CodingCore
import Foundation

/// Decodes `Decodable` values from keyed archives: Apple's (binary or XML) and this kit's.
///
/// Class names are resolved with `ClassNameRegistry.resolveClass(named:as:)`: `$classname`
/// first and then, as `NSKeyedUnarchiver` does, each later entry of `$classes` (the archived
/// class's superclasses), so an archive of an unknown subclass still decodes as a known
/// superclass. Each archived instance is decoded once and shared wherever it is referenced.
/// A reference back to an instance that is still being decoded throws the suite's
/// back-reference `DecodingError`, unless the property is `@Reference`/`@StrongReference` or the
/// class is `TwoPhaseDecodable`; `AwakeAfterDecoding` hooks run as each instance finishes.
public struct KeyedArchiveDecoder: Sendable {
    /// The registry that resolves `$classname` to classes.
    public var registry: ClassNameRegistry
    /// How deeply values may nest before decoding stops with an error.
    public var maximumDepth: Int
    /// Values handed to `init(from:)` through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]
    /// How many values a decode may materialise per byte of input, a list or struct that many
    /// UIDs share counted at every place it is decoded (class instances are decoded once); at
    /// least `ArchiveLimits.minimumExpansionBudget` values are always allowed.
    ///
    /// Beyond it decoding stops with a `DecodingError` instead of building a value far larger
    /// than the archive (a "billion laughs" archive). Defaults to
    /// `ArchiveLimits.defaultMaximumExpansion`.
    public var maximumExpansion = ArchiveLimits.defaultMaximumExpansion

    /// Creates a decoder.
    public init(
        registry: ClassNameRegistry = .shared,
        maximumDepth: Int = ArchiveLimits.defaultMaximumDepth,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.registry = registry
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
    }

    /// Decodes a value of type `type` from the archive's root (`$top.root`).
    ///
    /// A key that an archived object lacks takes its default when the type that reads it adopts
    /// `Evolvable`, and is looked up under its former names first (see CodingCore's "Evolving
    /// your models").
    ///
    /// - Throws: ``KeyedArchiveError`` when the bytes are not a well-formed keyed archive;
    ///   `DecodingError` with the coding path when the archive does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try state(for: data).decodeRoot(T.self)
    }

    /// Decodes a value of type `type` from the archive's root, layered over `base`: each key the
    /// root object lacks keeps `base`'s value, each key it holds replaces it (the original
    /// BaseModel's `setWithCoder:`).
    ///
    /// Only the root's own keys are layered: nested values are decoded whole, their missing keys
    /// taking their own type's defaults when it adopts `Evolvable`. A missing optional stays
    /// `nil`, as a saved `nil` (left out of the archive) looks the same.
    ///
    /// - Throws: the errors of ``decode(_:from:)``; `DecodingError.dataCorrupted` when a key is
    ///   missing and `base` does not encode.
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        let state = try state(for: data)
        let userInfo = userInfo
        state.rootLayering = { try TypeDefaults.layering(over: base, userInfo: userInfo) }
        return try state.decodeRoot(T.self)
    }

    private func state(for data: Data) throws -> KeyedDecodingState {
        KeyedDecodingState(
            contents: try KeyedArchiveContents(data: data, maximumDepth: maximumDepth), registry: registry,
            userInfo: userInfo, maximumDepth: maximumDepth, maximumExpansion: maximumExpansion)
    }

    /// Reads the archive as an untyped graph (see ``KeyedUnarchiver/objectGraph(from:maximumDepth:)``).
    public func decodeGraph(from data: Data) throws -> KeyedObjectGraph {
        try KeyedUnarchiver.objectGraph(from: data, maximumDepth: maximumDepth)
    }
}
