import CodingCore
import Foundation

/// Reads a binary property list with CodingCore's bounds-checked reader before Foundation
/// parses it, and refuses it when that reader does or when it holds a set.
///
/// No format of this kit writes sets, and corelibs Foundation's `PropertyListSerialization`
/// crashes while bridging a set whose elements did not parse (found by the `basemodel-json`
/// fuzz target). CodingCore's reader checks every offset, count and object reference without
/// recursion, so a damaged file is refused here with the byte offset of the damage.
enum BinaryPropertyListScreen {
    /// Why a binary property list is refused.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// - Throws: ``Refusal`` for a damaged binary property list or one holding a set; other
    ///   data passes.
    static func check(_ data: Data) throws {
        guard data.starts(with: BinaryPlistReader.magic) else { return }
        let document: PlistDocument
        do {
            document = try BinaryPlistReader.document(data)
        } catch let error as PlistError {
            throw Refusal(description: "the binary property list is damaged at byte \(error.offset): \(error.reason)")
        }
        for object in document.objects {
            if case .set = object {
                throw Refusal(description: "the binary property list holds a set, which no model format writes")
            }
        }
    }
}
