import AutoCodingKit
import Foundation

/// Proves that what `convert` wrote is what the suite reads back: the output is inspected like
/// any file (format detection, then the target's untyped reader) and its tree compared with
/// the converted one (see ``InspectedTreeComparison``).
///
/// A writer can produce bytes its own readers refuse or read differently: a JSON document that
/// is a bare `false` (JSON is recognised by its leading `{` or `[`), a plist whose dictionary has
/// an `$archiver` key (the mark of a keyed archive). Such an output is refused, never written.
enum ReadBackCheck {
    /// - Throws: ``InspectionError`` naming what would not read back, where, and why.
    static func verify(_ data: Data, as target: ArchiveTarget, holds root: InspectedValue) throws {
        let name = target.rawValue
        let archive: InspectedArchive
        do {
            archive = try ArchiveInspector.inspect(data: data)
        } catch let error as InspectionError {
            throw InspectionError(
                "\(name) would not read back what it holds: \(explanation(data, target, root, error))")
        }
        guard target.readBackFormats.contains(archive.format) else {
            throw InspectionError(
                "\(name) would not read back what it holds: the output would be read as \(archive.format), "
                    + "not \(name)")
        }
        var comparison = InspectedTreeComparison(keepsMutability: target.keepsMutability)
        if let difference = comparison.difference(written: root, read: archive.root) {
            throw InspectionError("\(name) would not read back what it holds: \(difference)")
        }
    }

    /// Why the output could not be read, in the terms of what was converted where it is known.
    private static func explanation(
        _ data: Data, _ target: ArchiveTarget, _ root: InspectedValue, _ error: InspectionError
    ) -> String {
        let start = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if target == .json || target == .hrJSON, start != UInt8(ascii: "{"), start != UInt8(ascii: "[") {
            return "\(InspectedValueSummary.describe(root)) at the root would be a bare JSON value, and JSON "
                + "is read only when it starts with an object or an array"
        }
        if target != .keyed, KeyedArchiveFormat().recognizes(data) {
            return "the output would be taken for a keyed archive (a dictionary with the key '$archiver', "
                + "which marks NSKeyedArchiver files) and not read as \(target.rawValue)"
        }
        return "reading the output fails: \(error.message)"
    }
}
