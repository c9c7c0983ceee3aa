import CodingCore
import Foundation

/// Foundation's `JSONEncoder` or `PropertyListEncoder` as an ``ArchiveFormat``, with their
/// default settings: the reference the ``CodablePattern`` checks are written against.
public struct FoundationControlFormat: ArchiveFormat {
    public enum Coder: String, Sendable, CaseIterable {
        case json, binaryPropertyList, xmlPropertyList
    }

    public let coder: Coder

    public init(_ coder: Coder) {
        self.coder = coder
    }

    public var identifier: String { "foundation-\(coder.rawValue)" }
    public var fileExtension: String { coder == .json ? "json" : "plist" }

    public func encode<T: Encodable>(_ value: T) throws -> Data {
        switch coder {
        case .json:
            return try JSONEncoder().encode(value)
        case .binaryPropertyList, .xmlPropertyList:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = coder == .xmlPropertyList ? .xml : .binary
            return try encoder.encode(value)
        }
    }

    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        coder == .json
            ? try JSONDecoder().decode(type, from: data) : try PropertyListDecoder().decode(type, from: data)
    }

    public func recognizes(_ data: Data) -> Bool { true }

    /// What Foundation keeps: values only (two equal copies of a shared instance), and URLs as
    /// their absolute string in JSON but relative to their base in property lists.
    public var capabilities: CodablePattern.Capabilities {
        CodablePattern.Capabilities(keepsIdentity: false, keepsURLBases: coder != .json)
    }
}
