/// Turning a converter's instance markers into the scheme's `sameAs` pointers.
extension TypedValue {
    /// Replaces ``instance(id:_:)`` markers with their contents and ``instanceReference(id:)``
    /// markers with `sameAs` pointers to where that instance first appeared.
    ///
    /// A converter from a kit's own tree marks each reference-like node it meets for the
    /// first time (in depth-first, listed order) as `.instance(id:…)`, and every later
    /// occurrence as `.instanceReference(id:)` without descending again (which also keeps it
    /// from looping on cycles). This method works out the JSON Pointers.
    public func resolvingSharedInstances() -> TypedValue {
        var pointers: [Int: String] = [:]
        return resolving(at: "", pointers: &pointers)
    }

    private func resolving(at pointer: String, pointers: inout [Int: String]) -> TypedValue {
        func child(_ value: TypedValue, _ components: String...) -> TypedValue {
            value.resolving(at: pointer + components.map { "/" + JSONPointer.escape($0) }.joined(), pointers: &pointers)
        }
        switch self {
        case let .instance(id, value):
            pointers[id] = pointer
            return value.resolving(at: pointer, pointers: &pointers)
        case let .instanceReference(id):
            return .sameAs(pointers[id] ?? "<instance \(id) referenced before it appeared>")
        case let .array(items, mutable):
            return .array(items.enumerated().map { child($1, "items", String($0)) }, mutable: mutable)
        case let .set(items, mutable):
            return .set(items.enumerated().map { child($1, "items", String($0)) }, mutable: mutable)
        case let .orderedSet(items, mutable):
            return .orderedSet(items.enumerated().map { child($1, "items", String($0)) }, mutable: mutable)
        case let .dictionary(entries, mutable):
            return .dictionary(
                entries.enumerated().map { index, entry in
                    Entry(
                        child(entry.key, "entries", String(index), "0"),
                        child(entry.value, "entries", String(index), "1"))
                }, mutable: mutable)
        case let .object(className, properties):
            return .object(
                className: className,
                properties: properties.map {
                    Property($0.name, child($0.value, "properties", $0.name))
                })
        case let .url(relative, base, absolute):
            return .url(relative: relative, base: base.map { URLBase(child($0.value, "base")) }, absolute: absolute)
        default:
            return self
        }
    }
}

/// RFC 6901 JSON Pointers over ``TypedValue`` trees, as the scheme's `sameAs` uses them.
public enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    public static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Unescapes one reference token.
    public static func unescape(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The node at `pointer` inside `root`, or `nil` when the pointer leads nowhere.
    public static func resolve(_ pointer: String, in root: TypedValue) -> TypedValue? {
        guard !pointer.isEmpty else { return root }
        guard pointer.hasPrefix("/") else { return nil }
        var node = root
        var tokens = pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            .map { unescape(String($0)) }[...]
        while let token = tokens.popFirst() {
            switch (node, token) {
            case let (.array(items, _), "items"), let (.set(items, _), "items"), let (.orderedSet(items, _), "items"):
                guard let index = tokens.popFirst().flatMap(Int.init), items.indices.contains(index) else { return nil }
                node = items[index]
            case let (.dictionary(entries, _), "entries"):
                guard let index = tokens.popFirst().flatMap(Int.init), entries.indices.contains(index),
                    let side = tokens.popFirst(), side == "0" || side == "1"
                else { return nil }
                node = side == "0" ? entries[index].key : entries[index].value
            case let (.object(_, properties), "properties"):
                guard let name = tokens.popFirst(), let property = properties.first(where: { $0.name == name })
                else { return nil }
                node = property.value
            case let (.url(_, base?, _), "base"):
                node = base.value
            default:
                return nil
            }
        }
        return node
    }
}
