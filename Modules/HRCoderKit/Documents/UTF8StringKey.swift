import Foundation

/// A string as a dictionary key that is equal to another only when their UTF-8 bytes are:
/// `String`'s `==` is canonical equivalence, under which `"\u{e9}"` and `"e\u{301}"` are one key.
struct UTF8StringKey: Hashable {
    let text: String

    static func == (lhs: UTF8StringKey, rhs: UTF8StringKey) -> Bool {
        let left = lhs.text.utf8
        let right = rhs.text.utf8
        guard left.count == right.count else { return false }
        let contiguous = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                // Both buffers hold `left.count` bytes (checked above); an empty one may have no address.
                // One storage (a key met again) needs no comparison.
                leftBytes.isEmpty || leftBytes.baseAddress == rightBytes.baseAddress
                    || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0
            }
        }
        if let equal = contiguous ?? nil { return equal }
        return left.elementsEqual(right)
    }

    func hash(into hasher: inout Hasher) {
        let utf8 = text.utf8
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in utf8 { hasher.combine(byte) }
        }
    }
}
