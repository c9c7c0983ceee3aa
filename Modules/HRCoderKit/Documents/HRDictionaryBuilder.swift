/// Makes a parsed object's dictionary once, at its final size.
///
/// The text parsers collect the entries of every open object on one stack; a dictionary grown
/// entry by entry would rehash all its keys at each resize, which is most of the hashing a
/// decode does.
enum HRDictionaryBuilder {
    /// The dictionary of the entries from `first` to the end of `stack`, which are removed.
    /// A key that appears twice keeps its last value, as assigning entry by entry would.
    static func take(_ stack: inout [(key: String, value: HRValue)], from first: Int) -> [String: HRValue] {
        var entries = [String: HRValue](minimumCapacity: stack.count - first)
        for index in first..<stack.count {
            entries[stack[index].key] = stack[index].value
        }
        stack.removeSubrange(first...)
        return entries
    }
}
