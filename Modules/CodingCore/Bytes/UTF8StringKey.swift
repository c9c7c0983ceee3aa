import Foundation

/// A string as a dictionary key that is equal to another only when their UTF-8 bytes are:
/// `String`'s `==` is canonical equivalence, under which `"\u{e9}"` and `"e\u{301}"` (or `"K"`
/// and the Kelvin sign) are one key, and an archive must give back each string's own scalars.
@usableFromInline package struct UTF8StringKey: Hashable, Sendable {
    @usableFromInline package let text: String

    @inlinable
    package init(_ text: String) {
        self.text = text
    }

    /// Whether `left` and `right` hold the same UTF-8 bytes.
    @inlinable
    package static func haveSameBytes(_ left: String, _ right: String) -> Bool {
        if areOneValue(left, right) { return true }
        let leftUTF8 = left.utf8
        let rightUTF8 = right.utf8
        guard leftUTF8.count == rightUTF8.count else { return false }
        let contiguous = leftUTF8.withContiguousStorageIfAvailable { leftBytes in
            rightUTF8.withContiguousStorageIfAvailable { rightBytes in
                // Both buffers hold the same number of bytes (checked above); an empty one may have
                // no address, and one storage (a string met again) needs no comparison.
                leftBytes.isEmpty || leftBytes.baseAddress == rightBytes.baseAddress
                    || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0
            }
        }
        if let equal = contiguous ?? nil { return equal }
        return leftUTF8.elementsEqual(rightUTF8)
    }

    /// Whether `left` and `right` have the same representation: the same inline bytes (a small
    /// string) or the same storage, as a key met again usually has. Such strings hold the same
    /// bytes; strings that are not one value may still hold the same bytes.
    @inlinable
    static func areOneValue(_ left: String, _ right: String) -> Bool {
        guard MemoryLayout<String>.size == 16 else { return false }
        return withUnsafeBytes(of: left) { leftWords in
            withUnsafeBytes(of: right) { rightWords in
                // Both buffers are a String's 16 bytes (checked above), aligned as a String (8).
                leftWords.load(as: UInt64.self) == rightWords.load(as: UInt64.self)
                    && leftWords.load(fromByteOffset: 8, as: UInt64.self)
                        == rightWords.load(fromByteOffset: 8, as: UInt64.self)
            }
        }
    }

    @inlinable
    package static func == (lhs: UTF8StringKey, rhs: UTF8StringKey) -> Bool {
        haveSameBytes(lhs.text, rhs.text)
    }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        let utf8 = text.utf8
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in utf8 { hasher.combine(byte) }
        }
    }
}
