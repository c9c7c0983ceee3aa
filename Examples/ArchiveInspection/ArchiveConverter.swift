import AutoCodingKit
import FastCodingKit
import Foundation
import HRCoderKit

/// Writes the tool's tree in another format, keeping class names and shared objects where the
/// target can hold them and refusing (never silently dropping) what it cannot.
enum ArchiveConverter {
    static func data(for root: InspectedValue, as target: ArchiveTarget) throws -> Data {
        switch target {
        case .fastCoding:
            var conversion = FastValueConversion()
            let value = try conversion.fastValue(root)
            do {
                return try FastCoder.data(with: value)
            } catch {
                throw InspectionError("cannot write fastcoding: \(ErrorDescription.line(for: error))")
            }
        case .hrJSON, .hrXML, .hrBinary, .json, .plist:
            let isPlain = target == .json || target == .plist
            var conversion = HRGraphConversion(targetName: target.rawValue, isPlain: isPlain)
            let graph = try conversion.graph(root)
            let output: HROutputFormat =
                switch target {
                case .hrJSON, .json: .json
                case .hrBinary: .binary
                default: .xml
                }
            do {
                return try HRCoder(outputFormat: output, prettyPrinted: true).data(with: graph)
            } catch {
                throw InspectionError("cannot write \(target.rawValue): \(ErrorDescription.line(for: error))")
            }
        case .keyed:
            var conversion = KeyedGraphConversion()
            let graph = try conversion.graph(root)
            do {
                return try KeyedArchiver.archivedData(with: graph)
            } catch {
                throw InspectionError("cannot write keyed: \(ErrorDescription.line(for: error))")
            }
        }
    }
}
