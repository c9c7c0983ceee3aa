import ArchiveTestSupport
import Foundation
import Testing

/// A list file a program cannot read is reported in one line and left exactly as it was: never
/// a crash, never an emptied list.
@Suite("damaged data files")
struct DamagedFileTests {
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case truncated, headerBitFlipped, middleBitFlipped

        var testDescription: String { rawValue }

        func apply(to data: Data) -> Data {
            var bytes = [UInt8](data)
            switch self {
            case .truncated: return Data(bytes.prefix(bytes.count * 2 / 3))
            case .headerBitFlipped: bytes[0] ^= 0x04
            case .middleBitFlipped: bytes[bytes.count / 2] ^= 0x10
            }
            return Data(bytes)
        }
    }

    /// Files where any flipped bit must be refused; in the others a flipped bit inside a label
    /// may leave a valid file with a different label, which is not damage a reader can see.
    static let authenticated: Set<String> = ["CryptoTodoList"]

    @Test(
        "every command refuses a damaged list with one line and leaves the file unchanged",
        arguments: ExampleProgram.all, Damage.allCases)
    func damaged(program entry: (name: String, listFile: String), damage: Damage) throws {
        let program = try ExampleProgram(entry.name)
        try program.output(["clear"])
        try program.output(["add", "First"])
        try program.output(["add", "Second"])
        let file = program.file(entry.listFile)
        let damaged = damage.apply(to: try Data(contentsOf: file))
        try damaged.write(to: file)
        if damage == .middleBitFlipped, !Self.authenticated.contains(entry.name) {
            // Whatever a reader makes of it, the file must not change unless a command succeeded.
            let result = try program.run(["list"])
            #expect(result.status == 0 || result.errorOutput.hasPrefix("\(entry.name): error: "))
            #expect(try Data(contentsOf: file) == damaged)
            return
        }
        for arguments in [["list"], ["add", "Third"], ["done", "1"], ["remove", "1"], ["clear"]] {
            let result = try program.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.output)")
            #expect(result.output == "")
            #expect(result.errorOutput.hasPrefix("\(entry.name): error: "), "\(arguments)")
            #expect(result.errorOutput.contains(file.path), "\(arguments): \(result.errorOutput)")
            #expect(result.errorOutput.filter { $0 == "\n" }.count == 1)
            #expect(try Data(contentsOf: file) == damaged, "\(arguments)")
        }
    }
}
