import ArchiveInspection
import CommandLineSupport
import Foundation

/// `archive-tool inspect FILE [--json]`.
struct InspectCommand {
    let input: InputFile
    let json: Bool

    init(_ arguments: inout ArgumentList) throws {
        json = arguments.flag("--json")
        input = try InputFile(&arguments)
        try arguments.finish()
    }

    func run() throws {
        let archive = try input.inspect()
        let text = json ? archive.expectedValueJSON() : archive.render() + "\n"
        try StandardOutput.write(text)
    }
}
