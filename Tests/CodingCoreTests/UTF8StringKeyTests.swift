import CodingCore
import Foundation
import Testing

/// `UTF8StringKey` equality is byte equality, whatever each string's representation.
@Suite("UTF8StringKey: equal exactly when the UTF-8 bytes are")
struct UTF8StringKeyTests {
    /// Pairs that hold the same bytes in different representations: one value, two small
    /// strings, two separate heap storages, a substring's copy.
    @Test("the same bytes are one key, however each string is stored")
    func sameBytes() {
        let long = String(repeating: "key-", count: 20)
        let built = (0..<20).map { _ in "key-" }.joined()
        let pairs: [(String, String)] = [
            ("", ""), ("name", "name"), ("na" + "me", String("xname".dropFirst())),
            (long, long), (long, built),
            ("\u{e9}t\u{e9}", String(decoding: Array("\u{e9}t\u{e9}".utf8), as: UTF8.self)),
        ]
        for (left, right) in pairs {
            #expect(UTF8StringKey.haveSameBytes(left, right), "\(left) / \(right)")
            #expect(UTF8StringKey(left) == UTF8StringKey(right))
            #expect(Set([UTF8StringKey(left), UTF8StringKey(right)]).count == 1)
        }
    }

    /// Canonically equivalent spellings (`==` as `String`s) and strings that differ in one
    /// byte stay apart.
    @Test("different bytes are different keys, even when the strings are ==")
    func differentBytes() {
        let long = String(repeating: "key-", count: 20)
        let pairs: [(String, String)] = [
            ("\u{e9}", "e\u{301}"), ("K", "\u{212A}"), ("name", "names"), ("name", "nbme"),
            (long, long + "x"), (long + "a", long + "b"), ("", "a"),
        ]
        for (left, right) in pairs {
            #expect(!UTF8StringKey.haveSameBytes(left, right), "\(left) / \(right)")
            #expect(UTF8StringKey(left) != UTF8StringKey(right))
            #expect(Set([UTF8StringKey(left), UTF8StringKey(right)]).count == 2)
        }
    }
}
