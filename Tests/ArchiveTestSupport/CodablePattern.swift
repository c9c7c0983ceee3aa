import CodingCore
import Foundation

/// One way a `Codable` type uses its containers — the way Foundation's coders taught users to —
/// that every kit must either round-trip exactly or refuse at encode with a clear error.
///
/// Foundation's `JSONEncoder` and `PropertyListEncoder` are the reference: each pattern says what
/// they do with it, and `ArchiveTestSupportTests` runs them as controls. A kit's test runs every
/// pattern through each of its formats and states which ones the format may refuse (each listed
/// in the kit's limits article, as something the format cannot hold).
public struct CodablePattern: Sendable, CustomStringConvertible {
    /// What a format does with a pattern.
    public enum Outcome: Equatable, Sendable {
        /// Encoded, decoded, and every check held.
        case roundTripped
        /// The encode threw (the message is the error's description): the format refuses the value.
        case refused(String)
        /// The decode threw, or a check failed: a value changed or could not be read back.
        case failed([String])

        /// Whether the format refused the value.
        public var isRefusal: Bool {
            if case .refused = self { return true }
            return false
        }
    }

    /// What a format keeps beyond values, so the checks that depend on it apply.
    public struct Capabilities: Sendable {
        /// Whether one class instance met twice decodes as one instance (FastCoding, HRCoder,
        /// keyed archives), rather than as two equal copies (JSON, property lists).
        public var keepsIdentity: Bool
        /// Whether a relative URL comes back relative to the same base, rather than as its
        /// absolute string.
        public var keepsURLBases: Bool

        public init(keepsIdentity: Bool, keepsURLBases: Bool) {
            self.keepsIdentity = keepsIdentity
            self.keepsURLBases = keepsURLBases
        }
    }

    public let description: String
    private let body: @Sendable (any ArchiveFormat, Capabilities) throws -> Outcome

    init<Value: Codable & SendableMetatype>(
        _ description: String,
        value: @autoclosure @escaping @Sendable () -> Value,
        check: @escaping @Sendable (_ original: Value, _ decoded: Value, Capabilities) -> [(Bool, String)]
    ) {
        self.description = description
        body = { format, capabilities in
            let original = value()
            let data: Data
            do {
                data = try format.encode(original)
            } catch {
                return .refused("\(error)")
            }
            let decoded: Value
            do {
                decoded = try format.decode(Value.self, from: data)
            } catch {
                return .failed(["what the encoder wrote does not decode: \(error)"])
            }
            let problems = check(original, decoded, capabilities).filter { !$0.0 }.map(\.1)
            return problems.isEmpty ? .roundTripped : .failed(problems)
        }
    }

    /// Runs the pattern through `format`.
    public func run(_ format: any ArchiveFormat, _ capabilities: Capabilities) -> Outcome {
        do {
            return try body(format, capabilities)
        } catch {
            return .failed(["\(error)"])
        }
    }
}
