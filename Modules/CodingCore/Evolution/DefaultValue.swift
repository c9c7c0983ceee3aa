import Foundation

/// The default of one key: the value a new instance holds there, ready to decode as often as
/// the key is missing.
package struct DefaultValue: Sendable {
    let node: DefaultsNode
    /// How many values decoding it materialises, itself included: a decoder counts them
    /// against its expansion budget before it decodes.
    package let weight: Int
    /// How many levels it nests, itself included (a scalar is 1): a decoder checks its depth
    /// plus this against its limit before it decodes.
    package let height: Int
    /// The type whose defaults hold it, for messages.
    let owner: String

    /// Decodes the default as a `T`, at `codingPath` (the missing key's path).
    ///
    /// - Throws: `DecodingError` naming the default and the type whose defaults hold it when it
    ///   does not decode as a `T` (the type's `encode(to:)` and `init(from:)` disagree).
    package func decode<T: Decodable>(
        _ type: T.Type, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]
    ) throws -> T {
        do {
            return try DefaultsDecoder.decode(type, from: node, codingPath: codingPath, userInfo: userInfo)
        } catch {
            throw undecodable(type, codingPath, error)
        }
    }

    /// A decoder reading the default, for a nested container or a super decoder of a missing key.
    package func decoder(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) -> any Decoder {
        DefaultsDecoder(node: node, codingPath: codingPath, userInfo: userInfo)
    }

    private func undecodable(_ type: Any.Type, _ codingPath: [any CodingKey], _ error: any Error) -> DecodingError {
        let reason = (error as? DecodingError).map(\.debugDescriptionText) ?? "\(error)"
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "the archive has no '\(codingPath.last?.stringValue ?? "")', and the default "
                    + "\(owner)() holds there does not decode as \(type): \(reason)",
                underlyingError: error))
    }
}

extension DecodingError {
    /// The context's description, whatever the case.
    var debugDescriptionText: String {
        switch self {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context),
            let .dataCorrupted(context):
            context.debugDescription
        @unknown default:
            "\(self)"
        }
    }
}
