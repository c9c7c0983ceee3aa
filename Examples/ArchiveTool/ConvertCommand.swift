import ArchiveInspection
import CodingCore
import CommandLineSupport
import Foundation

/// `archive-tool convert FILE --to FORMAT [-o OUT]`.
struct ConvertCommand {
    let input: InputFile
    let target: ArchiveTarget
    /// Where `-o` sends the result, byte for byte; standard output when `nil`.
    let output: FileSystemPath?

    init(_ arguments: inout ArgumentList) throws {
        let names = ArchiveTarget.allCases.map(\.rawValue).joined(separator: ", ")
        guard let name = try arguments.option("--to") else {
            throw CommandLineError.usage("missing --to FORMAT (\(names))")
        }
        guard let target = ArchiveTarget(rawValue: name) else {
            throw CommandLineError.usage("unknown format '\(name)' (\(names))")
        }
        self.target = target
        output = try arguments.optionPath("-o")
        input = try InputFile(&arguments)
        try arguments.finish()
    }

    func run() throws {
        let archive = try input.inspect()
        let data: Data
        do {
            data = try archive.converted(to: target)
        } catch let error as InspectionError {
            throw CommandLineError(
                "cannot convert \(input.displayName) from \(archive.format) to \(target.rawValue): \(error.message)")
        }
        guard let output else {
            try StandardOutput.write(data)
            return
        }
        do {
            try AtomicFile.write(data, to: output)
        } catch {
            throw CommandLineError("\(error)")
        }
    }
}
