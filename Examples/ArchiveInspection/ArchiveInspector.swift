import AutoCodingKit
import CodingCore
import CryptoCodingKit
import FastCodingKit
import Foundation
import HRCoderKit

/// Reads any archive of the suite into the tool's neutral tree.
///
/// The format is detected in the suite's one order (CodingCore's ``ArchiveFormatDetection``):
/// encrypted → fastcoding → keyed → hr-\* → plain plist/JSON. Plain plists and JSON go through
/// HRCoder's reader; a document without `$class` or `$alias` anywhere is reported as plain.
package enum ArchiveInspector {
    /// The largest input read, in bytes (64 MiB).
    package static let maximumByteCount = 64 << 20

    /// The tree of the archive in `data`.
    ///
    /// - Parameter password: asked only when the file is encrypted.
    /// - Throws: ``InspectionError`` with one line saying what is wrong and where.
    package static func inspect(
        data: Data, password: (() throws -> String)? = nil
    ) throws -> InspectedArchive {
        guard data.count <= maximumByteCount else {
            throw InspectionError("the input is \(data.count) bytes, over the limit of \(maximumByteCount) bytes")
        }
        guard !data.isEmpty else { throw InspectionError("the input is empty") }
        // Any envelope, whatever inner format it records (a program's own, such as BaseModelKit's
        // plists, too): what is inside is detected like an unencrypted file.
        if data.isEncryptedEnvelope {
            guard let password else { throw InspectionError("the archive is encrypted and no password was given") }
            let inner: Data
            do {
                inner = try data.decrypted(password: try password())
            } catch let error as CryptoCodingError {
                throw InspectionError("cannot decrypt: \(error)")
            }
            var archive = try inspectPlain(inner)
            archive.encryptedByteCount = data.count
            return archive
        }
        return try inspectPlain(data)
    }

    private static func inspectPlain(_ data: Data) throws -> InspectedArchive {
        let candidates: [any ArchiveFormat] = [
            HRCodedFormat(.xml), HRCodedFormat(.binary), HRCodedFormat(.json),
            FastCodingFormat(), KeyedArchiveFormat(),
        ]
        guard let format = ArchiveFormatDetection.format(of: data, among: candidates) else {
            throw InspectionError(
                "unknown format: not encrypted, FastCoding, a keyed archive, a property list or JSON "
                    + "(first bytes \(data.prefix(8).map { String(format: "%02x", $0) }.joined()))")
        }
        if format is FastCodingFormat {
            let value = try describing("FastCoding") { try FastCoder.object(with: data) }
            var conversion = FastValueConversion()
            return InspectedArchive(format: "fastcoding", byteCount: data.count, root: conversion.inspect(value))
        }
        if format is KeyedArchiveFormat {
            let graph = try describing("keyed") { try KeyedUnarchiver.objectGraph(from: data) }
            var conversion = KeyedGraphConversion()
            return InspectedArchive(format: "keyed", byteCount: data.count, root: conversion.inspect(graph))
        }
        let kind = (format as? HRCodedFormat)?.outputFormat ?? .json
        let name = kind == .json ? "JSON" : "property list"
        let tree = try describing(name) { try HRCoder().parse(data) }
        let graph = try describing(name) { try HRCoder().objectGraph(fromTree: tree) }
        var conversion = HRGraphConversion(targetName: "", isPlain: false)
        let identifier: String
        switch (kind, Self.isHRCoded(tree)) {
        case (.json, true): identifier = "hr-json"
        case (.xml, true): identifier = "hr-xml"
        case (.binary, true): identifier = "hr-binary"
        case (.json, false): identifier = "json"
        case (_, false): identifier = "plist"
        }
        return InspectedArchive(format: identifier, byteCount: data.count, root: conversion.inspect(graph))
    }

    /// Whether a document uses HRCoder's reserved keys anywhere (iteratively: trees may be deep).
    private static func isHRCoded(_ tree: HRValue) -> Bool {
        var pending = [tree]
        while let value = pending.popLast() {
            switch value {
            case let .array(items): pending.append(contentsOf: items)
            case let .dictionary(entries):
                if entries[HRValue.classKey] != nil || entries[HRValue.aliasKey] != nil { return true }
                pending.append(contentsOf: entries.values)
            default: break
            }
        }
        return false
    }

    /// Runs `body`, turning a kit's error into one ``InspectionError`` line naming `what` was read.
    static func describing<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as InspectionError {
            throw error
        } catch {
            throw InspectionError("not a valid \(what) archive: \(ErrorDescription.line(for: error))")
        }
    }
}
