/// The one rule for the name an archive records for a type, shared by every format.
///
/// A class is recorded under its registered name (``ClassNameRegistry/archiveName(for:)``);
/// any other type under its plain Swift name (``ClassNameRegistry/plainName(of:)``). Both drop
/// the module and every `(unknown context at $…)` component that private and local types carry,
/// so a private class gets the same, stable name in every format and on every run.
package enum ArchiveTypeName {
    /// The name recorded for a value of dynamic type `type`.
    package static func name(of type: Any.Type, registry: ClassNameRegistry) -> String {
        if let classType = type as? AnyClass { return registry.archiveName(for: classType) }
        return ClassNameRegistry.plainName(of: type)
    }

    private static let anonymousContextPrefix = Array("(unknown context at $".utf8)

    /// `name` without its `(unknown context at $…).` components, wherever they appear
    /// (generic arguments included): `M.(unknown context at $1f).Secret` → `M.Secret`.
    static func removingAnonymousContexts(from name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.count >= anonymousContextPrefix.count, name.contains("(unknown context at $") else {
            return name
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "("), bytes[index...].starts(with: anonymousContextPrefix),
                let close = bytes[index...].firstIndex(of: UInt8(ascii: ")"))
            {
                index = close + 1
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") { index += 1 }
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }
}
