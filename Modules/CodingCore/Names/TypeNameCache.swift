import Foundation

/// Stable, module-qualified names of types, computed once per type.
///
/// Building a type's name walks its metadata and assembles a new string every time; coders ask
/// for the names of the same few types on every call, and for small values that was most of the
/// work. Types are never unloaded, so a name never changes and the cache only grows with the
/// number of distinct types a program codes.
final class TypeNameCache: @unchecked Sendable {
    static let shared = TypeNameCache()

    private let lock = NSLock()
    // Guarded by `lock`.
    private var names: [ObjectIdentifier: String] = [:]

    /// `String(reflecting:)` of `type` without `(unknown context at $…)` components.
    func qualifiedName(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = lock.withLock({ names[key] }) { return name }
        let name = ArchiveTypeName.removingAnonymousContexts(from: String(reflecting: type))
        lock.withLock { names[key] = name }
        return name
    }
}
