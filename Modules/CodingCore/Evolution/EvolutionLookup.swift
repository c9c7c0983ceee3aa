import Foundation

/// One decode's view of the evolution contract (``Evolvable``): the defaults and former key
/// names of the types it meets, worked out once per type.
///
/// Every decoder of the suite keeps one per top-level decode (made when first needed) and asks
/// it only when a key is missing, so an archive that holds every key never pays for it:
///
/// 1. ``formerKeys(of:for:)``: the names to look for before giving up on a key;
/// 2. ``defaults(for:missing:codingPath:)``: the type's ``TypeDefaults``, whose
///    ``DefaultValue`` for the key the decoder charges to its budget and decodes.
///
/// The defaults of a type depend on nothing but the type and the decode's `userInfo` (which its
/// `encode(to:)` may read): with an empty `userInfo` they are shared by every decode of the
/// process, otherwise kept for this decode only.
package final class EvolutionLookup {
    private let userInfo: [CodingUserInfoKey: Any]
    private var defaultsByType: [ObjectIdentifier: Result<TypeDefaults, DefaultsFailure>?] = [:]
    private var formerKeysByType: [ObjectIdentifier: [String: [String]]] = [:]

    package init(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
    }

    /// Whether `type` adopts ``Evolvable``.
    package static func isEvolvable(_ type: Any.Type) -> Bool {
        type is any Evolvable.Type
    }

    /// The earlier names of `key` that `type` declares, newest first; empty when it declares
    /// none or does not adopt ``Evolvable``.
    package func formerKeys(of type: Any.Type, for key: String) -> [String] {
        let id = ObjectIdentifier(type)
        if let known = formerKeysByType[id] { return known[key] ?? [] }
        let declared = (type as? any Evolvable.Type)?.formerKeys ?? [:]
        formerKeysByType[id] = declared
        return declared[key] ?? []
    }

    /// The defaults of `type`, or `nil` when it does not adopt ``Evolvable``.
    ///
    /// - Parameters:
    ///   - missing: The key the archive lacks, for the error.
    ///   - codingPath: The coding path of the container that lacks it.
    /// - Throws: `DecodingError.dataCorrupted` at `codingPath` naming the type when its
    ///   defaults cannot be worked out (its `init()` value does not encode, or holds a cycle,
    ///   too many values or too many levels).
    package func defaults(
        for type: Any.Type, missing key: any CodingKey, codingPath: [any CodingKey]
    ) throws -> TypeDefaults? {
        let id = ObjectIdentifier(type)
        let outcome: Result<TypeDefaults, DefaultsFailure>?
        if let known = defaultsByType[id] {
            outcome = known
        } else {
            outcome = (type as? any Evolvable.Type).map { evolvable in
                userInfo.isEmpty
                    ? SharedDefaults.defaults(of: evolvable)
                    : SharedDefaults.workOut(evolvable, userInfo: userInfo)
            }
            defaultsByType[id] = outcome
        }
        switch outcome {
        case nil:
            return nil
        case let .success(defaults):
            return defaults
        case let .failure(failure):
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "the archive has no '\(key.stringValue)', and the defaults of \(type) "
                        + "cannot be worked out: \(failure.reason)"))
        }
    }
}
