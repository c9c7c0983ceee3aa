// fuzz-target: plist-engine
// fuzz-modules: CodingCore
// fuzz-sources:
// fuzz-seeds: ../shared/vectors/keyed/*.plist ../shared/vectors/hrcoder/*.plist
// fuzz-link:

import CodingCore
import Foundation

// Fuzz target `plist-engine`: CodingCore's property-list scanners, which every kit's plist
// readers are built on. Binary input: every object is scanned, every reference of every
// container followed and every string decoded; besides never crashing, each object must keep
// its promise: payloads and reference runs inside the object area, references below the object
// count. XML input: every tag is read and every element's text taken, to the end or the first
// fault, and read again event by event through the plist grammar: each step must move
// forward, and every container that starts must end before the document does.

func fuzz(_ data: Data) {
    data.withUnsafeBytes { bytes in
        if XMLPlistScanner.looksLikeXML(bytes) {
            scanXML(bytes.bindMemory(to: UInt8.self))
            readXML(bytes.bindMemory(to: UInt8.self))
        }
        guard let scanner = try? BinaryPlistScanner(bytes) else { return }
        let trailer = scanner.trailer
        for index in 0..<trailer.objectCount {
            guard let offset = try? scanner.offset(ofObject: index),
                let (object, end) = try? scanner.object(at: offset)
            else { continue }
            precondition(offset < end && end <= trailer.offsetTableStart, "object \(index) ends outside the area")
            check(object, end: end, scanner)
        }
    }
}

private let plistElementNames: Set = [
    "plist", "key", "array", "dict", "string", "integer", "real", "date", "data", "true", "false",
]

/// Reads every tag of an XML document, and the text of each element that opens.
private func scanXML(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var scanner = try? XMLPlistScanner(bytes) else { return }
    while let tag = try? scanner.nextTag() {
        precondition(tag.start < scanner.position && scanner.position <= bytes.count, "a tag that does not move on")
        let name = scanner.name(of: tag)
        precondition(
            tag.element == .unknown ? !plistElementNames.contains(name) : "\(tag.element.name)" == name,
            "<\(name)> known as \(tag.element)")
        if !tag.isClosing, [.string, .key, .integer, .real, .date, .data].contains(tag.element) {
            guard let text = try? scanner.text(of: tag) else { return }
            _ = XMLPlistScalars.real(XMLPlistScalars.trimmed(text))
            _ = XMLPlistScalars.data(text)
        }
    }
    _ = try? scanner.expectEnd()
}

/// Reads every event of an XML document, checking that nesting is kept.
private func readXML(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var reader = try? XMLPlistReader(bytes) else { return }
    var depth = 0
    var last = -1
    do {
        while let event = try reader.next() {
            switch event {
            case .arrayStart, .dictionaryStart: depth += 1
            case .end: depth -= 1
            case .integer(let text):
                _ = XMLPlistScalars.integer(text) ?? XMLPlistScalars.unsignedInteger(text).map(Int64.init(bitPattern:))
            default: break
            }
            precondition(depth == reader.depth && depth >= 0, "depth \(reader.depth) where \(depth) are open")
            precondition(reader.start >= last && reader.start < bytes.count, "an event behind the last one")
            last = reader.start
        }
        precondition(depth == 0, "a document that ends with \(depth) containers open")
    } catch {}
}

/// Reads what `object` points at, checking the scanner's promises about it.
private func check(_ object: BinaryPlistObject, end: Int, _ scanner: BinaryPlistScanner) {
    let area = BinaryPlistTrailer.headerSize...scanner.trailer.offsetTableStart
    switch object {
    case .data(let range), .asciiString(let range), .utf8String(let range), .utf16String(let range):
        precondition(area.contains(range.lowerBound) && range.upperBound == end, "payload outside the area")
        _ = scanner.isASCII(range)
        _ = try? scanner.utf8Text(range)
        if case .utf16String = object { _ = try? scanner.utf16Text(range) }
    case .array(let start, let count), .set(let start, let count), .dictionary(let start, let count):
        let entries = object.isDictionary ? 2 * count : count
        precondition(start + entries * scanner.trailer.referenceSize == end, "references outside the area")
        for entry in 0..<entries {
            guard let reference = try? scanner.reference(at: start + entry * scanner.trailer.referenceSize) else {
                continue
            }
            precondition(reference < scanner.trailer.objectCount, "reference \(reference) past the objects")
        }
    case .date(let seconds):
        precondition(!seconds.isNaN, "a NaN date")
    case .null, .bool, .integer, .wideInteger, .real, .uid:
        break
    }
}

extension BinaryPlistObject {
    fileprivate var isDictionary: Bool {
        if case .dictionary = self { return true }
        return false
    }
}

func seedInputs() throws -> [String: Data] {
    let values: [String: Any] = [
        "every-kind": [
            "int": 7, "wide": 70_000, "negative": -5, "real": 2.5, "yes": true, "bytes": Data([0, 1, 0xFF]),
            "when": Date(timeIntervalSinceReferenceDate: 12.5), "ascii": "plain text", "text": "héllo 😀",
            "list": [1, "two", [3.0]],
        ] as [String: Any],
        "strings": (0..<300).map { "string \($0)" },
    ]
    var seeds: [String: Data] = [:]
    for (name, value) in values {
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let suffix = format == .xml ? "xml" : "binary"
            seeds["\(name).\(suffix)"] = try PropertyListSerialization.data(
                fromPropertyList: value, format: format, options: 0)
        }
    }
    return seeds
}
