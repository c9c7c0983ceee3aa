import Foundation

/// The `$class` tags of value types (structs, enums), worked out once per type for the process.
///
/// Only classes are registered, so a value type's tag (its plain Swift name, or none for a
/// dictionary type) does not depend on the registry and can be kept across encodes; working it
/// out was a large part of encoding a small value.
final class HRValueTypeTags: @unchecked Sendable {
    static let shared = HRValueTypeTags()

    private let lock = NSLock()
    // Guarded by `lock`.
    private var tags: [ObjectIdentifier: String?] = [:]

    /// The tag of `type`, which is not a class: `nil` for a dictionary type, else its archive name.
    func tag(for type: Any.Type, registry: ClassNameRegistry) -> String? {
        let key = ObjectIdentifier(type)
        if let known = lock.withLock({ tags[key] }) { return known }
        let tag = type is any CodableDictionaryMarker.Type ? nil : ArchiveTypeName.name(of: type, registry: registry)
        lock.withLock { tags[key] = tag }
        return tag
    }
}
