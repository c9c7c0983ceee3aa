import Foundation
import HRCoderKit

/// What both HRCoderKit fuzz targets do with one input, whichever reader it is aimed at: read
/// it untyped (`HRCoder().parse`) and typed (`HRCoder.unarchive` into the FuzzModel types, and
/// into the evolved model, plainly and over a base value),
/// then compare, write back, read again and release what came out. None of it may crash.
enum HRFuzzInput {
    /// Runs one input; typed values are written back in `format`.
    static func run(_ data: Data, writingBackAs format: HRCodedFormat) {
        if let tree = try? HRCoder().parse(data) {
            FuzzUse.roundTrip(
                tree, walk: walkTree, encode: { try HRCoder(outputFormat: .json).serialize($0.jsonCompatible) },
                decode: { try rereader.parse($0) })
            FuzzUse.roundTrip(
                tree, describe: false, walk: walkTree, encode: { try HRCoder(outputFormat: .binary).serialize($0) },
                decode: { try rereader.parse($0) })
            if let graph = try? HRCoder().objectGraph(fromTree: tree) { precondition(graph == graph) }
        }
        if let document = try? HRCoder.unarchive(FuzzDocument.self, from: data) {
            FuzzUse.roundTrip(
                document, walk: { FuzzUse.walk($0.root) }, encode: format.encode,
                decode: { try HRCoder.unarchive(FuzzDocument.self, from: $0) })
        }
        if let records = try? format.decode([FuzzRecord].self, from: data) {
            FuzzUse.roundTrip(
                records, walk: { _ = $0.count }, encode: format.encode,
                decode: { try format.decode([FuzzRecord].self, from: $0) })
        }
        let evolving = HRCodedFormat(
            coder: HRCoder(outputFormat: format.outputFormat, registry: FuzzEvolvedDocument.registry))
        FuzzUse.decodeEvolved(data, with: evolving)
    }

    /// Reads written-back trees: one level more than the limit, as dates, data and null written
    /// as tagged dictionaries nest one level deeper than the native values they stand for.
    private static let rereader = HRCoder(maximumDepth: HRCoder.defaultMaximumDepth + 1)

    /// Compares, hashes and describes a document tree, as a program would.
    private static func walkTree(_ tree: HRValue) {
        precondition(tree == tree)
        _ = tree.hashValue
    }
}
