import Foundation

/// Small files shaped to exploit references rather than bytes, built programmatically so every
/// kit's tests (and the fuzz seed generator) can make them at any size.
///
/// Each shape stands for a value far deeper or larger than the file: alias chains (each node
/// holds an alias to the one before, so a tree as deep as the chain is long), reuse chains (the
/// binary-plist form), doubling DAGs (each level aliases the previous one twice: 2ⁿ values), and
/// text that is not valid Unicode. A decoder must answer each with a clear error or a value that
/// can be released, compared, described and written back.
public enum HostileShapes {
    /// What each link of a FastCoding alias chain is.
    public enum FastLink: String, CaseIterable, Sendable {
        /// An immutable array (`0A`) holding the alias.
        case array
        /// An NSCoded object (`2B`, class `Link`) whose `next` entry is the alias.
        case codedObject
        /// A custom object (`1D`/`1E`, class `Link`, one property `next`) whose property is the alias.
        case object
    }

    // MARK: FastCoding

    /// A FastCoding file whose root is a mutable array of `length` links, link `k` holding an
    /// alias to link `k - 1` (the first holds Nil): read naively, a tree `length` levels deep.
    public static func fastCodingAliasChain(length: Int, link: FastLink) -> Data {
        var file = FastCodingBytes()
        file.count(0x19, length)  // MutableArray: object slot 0, taken first
        var strings = 0
        for index in 0..<length {
            // Link k takes object slot k + 1; link k - 1 is in slot k.
            switch link {
            case .array:
                file.count(0x0A, 1)
                if index == 0 { file.byte(0x00) } else { file.alias(0x02, index) }
            case .codedObject:
                file.byte(0x2B)
                if index == 0 {
                    file.string("Link")
                    strings += 1
                } else {
                    file.alias(0x05, 0)
                    file.alias(0x02, index)
                    if index == 1 {
                        file.string("next")
                        strings += 1
                    } else {
                        file.alias(0x05, 1)
                    }
                }
                file.byte(0x00)
            case .object:
                if index == 0 {
                    file.byte(0x1D)
                    file.rawString("Link")
                    file.aligned(UInt32(1))
                    file.rawString("next")
                }
                file.alias(0x1E, 0)
                if index == 0 { file.byte(0x00) } else { file.alias(0x02, index) }
            }
        }
        return file.data(objects: length + 1, classes: link == .object ? 1 : 0, strings: strings)
    }

    /// A FastCoding file whose root is a mutable array of `levels + 1` immutable arrays: the
    /// first empty, each next one holding two aliases to the one before. Untyped it is a small
    /// DAG; typed as value types every alias is read again, 2^`levels` values.
    public static func fastCodingDoublingArrays(levels: Int) -> Data {
        var file = FastCodingBytes()
        file.count(0x19, levels + 1)
        file.count(0x0A, 0)
        for level in 1...max(1, levels) {
            file.count(0x0A, 2)
            file.alias(0x02, level)
            file.alias(0x02, level)
        }
        return file.data(objects: levels + 2, classes: 0, strings: 0)
    }

    /// A FastCoding file whose root is a mutable array of `count` URLs, each (after the first,
    /// `http://example.com/`) the relative `a/` with the previous URL as its base.
    public static func fastCodingURLChain(count: Int) -> Data {
        var file = FastCodingBytes()
        file.count(0x19, count)
        file.byte(0x21)
        file.string("http://example.com/")  // string slot 0
        file.byte(0x00)  // URL 0: string slot 1
        for index in 1..<max(1, count) {
            file.byte(0x21)
            if index == 1 { file.string("a/") } else { file.alias(0x05, 2) }  // "a/": slot 2
            file.alias(0x05, index == 1 ? 1 : index + 1)  // URL k: slot k + 2 (k ≥ 1)
        }
        return file.data(objects: 1, classes: 0, strings: count + 2)
    }

    // MARK: Binary property lists

    /// One object of a binary property list built by ``binaryPlist(_:top:)``.
    public enum PlistObject: Sendable {
        /// An array of object references.
        case array([Int])
        /// A dictionary: (key reference, value reference) pairs; keys must be strings.
        case dictionary([(key: Int, value: Int)])
        /// An ASCII/UTF-8 string (marker `5x`), written as the given bytes.
        case utf8([UInt8])
        /// A UTF-16 big-endian string (marker `6x`), written as the given code units.
        case utf16([UInt16])
        /// A non-negative integer.
        case integer(UInt32)
    }

    /// The bytes of a `bplist00` holding `objects`, with `top` as the root.
    public static func binaryPlist(_ objects: [PlistObject], top: Int) -> Data {
        let referenceSize = objects.count <= 0xFF ? 1 : objects.count <= 0xFFFF ? 2 : 4
        var body: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
            (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        }
        func marker(_ high: UInt8, _ count: Int) {
            if count < 15 {
                body.append(high << 4 | UInt8(count))
            } else {
                body.append(high << 4 | 0x0F)
                body.append(0x12)
                body += bigEndian(UInt64(count), width: 4)
            }
        }
        for object in objects {
            offsets.append(body.count)
            switch object {
            case let .array(references):
                marker(0xA, references.count)
                for reference in references { body += bigEndian(UInt64(reference), width: referenceSize) }
            case let .dictionary(entries):
                marker(0xD, entries.count)
                for entry in entries { body += bigEndian(UInt64(entry.key), width: referenceSize) }
                for entry in entries { body += bigEndian(UInt64(entry.value), width: referenceSize) }
            case let .utf8(bytes):
                marker(0x5, bytes.count)
                body += bytes
            case let .utf16(units):
                marker(0x6, units.count)
                for unit in units { body += bigEndian(UInt64(unit), width: 2) }
            case let .integer(value):
                body.append(0x12)
                body += bigEndian(UInt64(value), width: 4)
            }
        }
        let tableOffset = body.count
        let offsetSize = tableOffset <= 0xFF ? 1 : tableOffset <= 0xFFFF ? 2 : 4
        for offset in offsets { body += bigEndian(UInt64(offset), width: offsetSize) }
        body += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        body += bigEndian(UInt64(objects.count), width: 8)
        body += bigEndian(UInt64(top), width: 8)
        body += bigEndian(UInt64(tableOffset), width: 8)
        return Data(body)
    }

    /// A binary plist whose root array lists `length` arrays, each holding the one before (the
    /// first empty): every object is parsed once, but the tree they make is `length` deep.
    public static func binaryPlistReuseChain(length: Int) -> Data {
        var objects: [PlistObject] = [.array([])]
        for index in 1..<max(1, length) { objects.append(.array([index - 1])) }
        objects.append(.array(Array(0..<max(1, length))))
        return binaryPlist(objects, top: objects.count - 1)
    }

    /// A binary plist of `levels + 1` arrays, each after the first holding the one before twice:
    /// 2^`levels` values from a few bytes per level.
    public static func binaryPlistDoublingArrays(levels: Int) -> Data {
        var objects: [PlistObject] = [.array([])]
        for level in 1...max(1, levels) { objects.append(.array([level - 1, level - 1])) }
        return binaryPlist(objects, top: objects.count - 1)
    }

    // MARK: HRCoder JSON

    /// An HRCoder JSON document: a root array of `length` arrays, each after the first holding
    /// an `$alias` to the one before, so a typed decode that shares the aliased values builds a
    /// value `length` levels deep.
    public static func hrJSONAliasChain(length: Int) -> Data {
        var text = "[[]"
        for index in 1..<max(1, length) { text += ",[{\"$alias\":\"\(index - 1)\"}]" }
        return Data((text + "]").utf8)
    }

    /// An HRCoder JSON document: a root array of `length` objects of class `className`, each
    /// after the first holding an `$alias` to the one before in its `next` property, so a typed
    /// decode that shares the instances builds a chain `length` objects deep.
    public static func hrJSONObjectChain(length: Int, className: String = "Link") -> Data {
        var text = "[{\"$class\":\"\(className)\"}"
        for index in 1..<max(1, length) {
            text += ",{\"$class\":\"\(className)\",\"next\":{\"$alias\":\"\(index - 1)\"}}"
        }
        return Data((text + "]").utf8)
    }

    /// An HRCoder JSON document: a root array of `levels + 1` objects `{"children":[…]}`, each
    /// after the first holding two `$alias`es of the one before: 2^`levels` values when decoded
    /// as a value type.
    public static func hrJSONDoublingAliases(levels: Int) -> Data {
        var text = "[{\"children\":[]}"
        for level in 1...max(1, levels) {
            text += ",{\"children\":[{\"$alias\":\"\(level - 1)\"},{\"$alias\":\"\(level - 1)\"}]}"
        }
        return Data((text + "]").utf8)
    }

    /// JSON in which a key containing a dot names another position than the key path through
    /// two keys: `{"a":{"b":[1]},"a.b":[2]}`.
    public static let jsonDottedKeys = Data(#"{"a":{"b":[1]},"a.b":[2]}"#.utf8)

    // MARK: Invalid text

    /// The offset of the bad byte in each `invalidUTF8…` document.
    public static let invalidUTF8Offset = 4

    /// A JSON array holding a string whose bytes are not UTF-8 (`FF` at ``invalidUTF8Offset``).
    public static let jsonInvalidUTF8 = Data([
        UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "a"), UInt8(ascii: "b"),
        0xFF, UInt8(ascii: "\""), UInt8(ascii: "]"),
    ])

    /// A JSON array holding a lone high surrogate escape, `["\ud800"]` (the escape at offset 2).
    public static let jsonLoneSurrogate = Data(#"["\ud800"]"#.utf8)

    /// An XML property list whose `<string>` holds `FF`, at the returned offset.
    public static var xmlPlistInvalidUTF8: (data: Data, offset: Int) {
        let head = Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><string>ab"#.utf8)
        return (Data(head + [0xFF] + Array("</string></plist>".utf8)), head.count)
    }

    /// An XML property list holding the character reference `&#xD800;` (a lone surrogate).
    public static let xmlPlistLoneSurrogate = Data(
        #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><string>&#xD800;</string></plist>"#.utf8)

    /// A binary plist whose string object is not UTF-8 (`C3 28`).
    public static let binaryPlistInvalidUTF8 = binaryPlist([.utf8([0x61, 0xC3, 0x28])], top: 0)

    /// A binary plist whose UTF-16 string holds a lone surrogate (`D800`).
    public static let binaryPlistLoneSurrogate = binaryPlist([.utf16([0x0061, 0xD800])], top: 0)
}
