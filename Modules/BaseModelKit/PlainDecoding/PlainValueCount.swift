import Foundation

/// The number of values in a plain value tree given as a Foundation object rather than bytes:
/// the input size its expansion budget is worked out from.
enum PlainValueCount {
    /// Counts without recursion, so a deep tree cannot exhaust the stack.
    static func count(_ tree: Any) -> Int {
        var pending: [Any] = [tree]
        var count = 0
        while let value = pending.popLast() {
            count += 1
            if let dictionary = value as? [String: Any] {
                pending.append(contentsOf: dictionary.values)
            } else if let array = value as? [Any], !(value is String) {
                pending.append(contentsOf: array)
            }
        }
        return count
    }
}
