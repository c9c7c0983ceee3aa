import CodingCore
import Foundation

/// A reference-keeping kit under the ``CycleContract`` checks: it encodes and decodes with a
/// registry and a depth limit.
public protocol CycleContractCoder: CycleRoundTripper {
    /// How deep a chain the kit round-trips in the deep-chain check (on a ``LargeStack``).
    var deepChainLength: Int { get }
    func encode<T: Encodable>(_ value: T, registry: ClassNameRegistry, maximumDepth: Int) throws -> Data
    func decode<T: Decodable>(
        _ type: T.Type, from data: Data, registry: ClassNameRegistry, maximumDepth: Int
    ) throws -> T
}

extension CycleContractCoder {
    /// Encodes with the shared registry.
    public func encode<T: Encodable>(_ value: T, maximumDepth: Int) throws -> Data {
        try encode(value, registry: .shared, maximumDepth: maximumDepth)
    }

    /// Encodes and decodes with the default limits and the shared registry.
    public func roundTrip<T: Codable>(_ value: T) throws -> T {
        let limit = ArchiveLimits.defaultMaximumDepth
        return try decode(T.self, from: try encode(value, maximumDepth: limit), registry: .shared, maximumDepth: limit)
    }

    /// Decodes with the default limit and the shared registry.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(T.self, from: data, registry: .shared, maximumDepth: ArchiveLimits.defaultMaximumDepth)
    }
}
