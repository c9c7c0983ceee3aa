import Foundation

/// Encodes `Encodable` values as keyed archives in `NSKeyedArchiver`'s layout.
///
/// Structs and classes become archived objects whose `$class` names the type
/// (`ClassNameRegistry.archiveName(for:)` for classes, with the superclass chain in
/// `$classes`); `String`, `Data`, `Date`, `URL`, `UUID` and `Decimal` become `NSString`,
/// `NSData`, `NSDate`, `NSURL`, `NSUUID` and `NSDecimalNumber`; arrays, dictionaries and sets
/// become `NSArray`, `NSDictionary` and `NSSet`. Each class instance is written once, so shared
/// instances stay shared and cycles can be written. The archive is streamed straight into a
/// byte buffer.
public struct KeyedArchiveEncoder: Sendable {
    /// The registry that names classes in `$class`.
    public var registry: ClassNameRegistry
    /// Binary (the default, as `NSKeyedArchiver` writes) or XML property list.
    public var outputFormat: KeyedArchiveOutputFormat
    /// How deeply values may nest before encoding stops with an `EncodingError`.
    public var maximumDepth: Int
    /// Values handed to `encode(to:)` through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates an encoder.
    public init(
        registry: ClassNameRegistry = .shared,
        outputFormat: KeyedArchiveOutputFormat = .binary,
        maximumDepth: Int = ArchiveLimits.defaultMaximumDepth,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.registry = registry
        self.outputFormat = outputFormat
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
    }

    /// Encodes `value` as a complete keyed archive (its root is `$top.root`).
    ///
    /// - Throws: `EncodingError` for values nested deeper than ``maximumDepth``, containers
    ///   used inconsistently, or a property named `$class` (the key an archived object names its
    ///   class with; a dictionary may use it); ``KeyedArchiveError/tooLarge(reason:)`` for archives beyond the
    ///   binary layout's 4-byte references.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let state = KeyedEncodingState(registry: registry, userInfo: userInfo, maximumDepth: maximumDepth)
        return try KeyedArchiver.convert(try state.encodeRoot(value), to: outputFormat)
    }
}
