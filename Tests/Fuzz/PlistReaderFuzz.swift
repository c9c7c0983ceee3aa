// fuzz-target: plist-reader
// fuzz-modules: CodingCore
// fuzz-sources:
// fuzz-seeds: ../shared/vectors/keyed/*.plist ../shared/vectors/hrcoder/*.plist
// fuzz-link:
import CodingCore
import Foundation

// Fuzz target `plist-reader`: CodingCore's binary property-list reader, which keyed archives,
// CryptoCoding's legacy files and BaseModel's binary property lists share. It may throw; it may
// not crash, hang or allocate without bound, and a document it accepts must be safe to walk
// with the document's accessors: each violation traps.

func fuzz(_ data: Data) {
    guard let document = try? BinaryPlistReader.document(data) else { return }
    let count = document.objects.count
    precondition(document.top < count, "top object out of range")
    for object in document.objects {
        switch object {
        case .array(let list), .set(let list):
            for item in 0..<list.count { precondition(document.item(item, of: list) < count, "item out of range") }
        case .dictionary(let dictionary):
            for entry in 0..<dictionary.count {
                let key = document.reference(dictionary.keyPosition(entry))
                precondition(key < count && document.string(at: key) != nil, "a key is not a string")
                precondition(document.value(entry, of: dictionary) < count, "value out of range")
            }
        case .string, .text:
            precondition(document.string(object) != nil, "string not readable")
        case .data(let index):
            precondition(Int(index) < document.data.count, "data out of range")
        default:
            break
        }
    }
}

func seedInputs() throws -> [String: Data] {
    let value: [String: Any] = [
        "name": "Ann", "long ASCII text past the inline length": String(repeating: "x", count: 40),
        "unicode": "caf\u{e9}", "numbers": [1, -7, 2.5, 1 << 40], "data": Data([0, 1, 2]),
        "when": Date(timeIntervalSinceReferenceDate: 12.5), "flag": true,
    ]
    return [
        "document.plist": try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
    ]
}
