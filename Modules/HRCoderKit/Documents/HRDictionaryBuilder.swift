/// Makes a parsed object's dictionary once, at its final size.
///
/// The text parsers collect the entries of every open object on one stack; a dictionary grown
/// entry by entry would rehash all its keys at each resize, which is most of the hashing a
/// decode does.
enum HRDictionaryBuilder {
    /// The dictionary of the entries from `first` to the end of `stack`, which are removed.
    /// A key that appears twice keeps its last value, as assigning entry by entry would.
    /// Sets `aliasKeyFound` when one of the keys is `$alias` (see ``isAliasKey(_:)``).
    static func take(
        _ stack: inout [(key: String, value: HRValue)], from first: Int, aliasKeyFound: inout Bool
    ) -> [String: HRValue] {
        var entries = [String: HRValue](minimumCapacity: stack.count - first)
        for index in first..<stack.count {
            if isAliasKey(stack[index].key) { aliasKeyFound = true }
            entries[stack[index].key] = stack[index].value
        }
        stack.removeSubrange(first...)
        return entries
    }

    /// Whether `key` is `$alias`. A document without one shares no objects, so its decode
    /// need not register each object by key path (`HRDecodingState.sharesObjects`).
    @inline(__always)
    static func isAliasKey(_ key: String) -> Bool {
        key.utf8.count == 6 && key == HRValue.aliasKey
    }
}
