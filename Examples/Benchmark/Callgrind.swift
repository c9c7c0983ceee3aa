import CommandLineSupport
import Foundation

/// valgrind's callgrind tool, counting the instructions a child benchmark process spends inside
/// ``MeasuredCalls/run(_:_:)`` and nowhere else.
struct Callgrind: Sendable {
    /// The `valgrind` executable found on `PATH`.
    let valgrind: String
    /// `valgrind --version`, e.g. `"valgrind-3.19.0"`.
    let version: String

    /// `valgrind` is not installed, or the child did not give a count.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Finds `valgrind` on `PATH`.
    ///
    /// - Throws: ``Failure`` saying how to install it when it is missing.
    init() throws {
        guard let valgrind = ChildProcess.find("valgrind") else {
            throw Failure(
                description: "--instructions needs valgrind (its callgrind tool), which is not on PATH; "
                    + "install it, e.g. `sudo apt-get install valgrind` on Debian or Ubuntu")
        }
        self.valgrind = valgrind
        let result = try ChildProcess.run(valgrind, ["--version"])
        version = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The options each child runs under, in the order given to `valgrind` (the output file follows).
    static let options = [
        "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=\(MeasuredCalls.symbolPattern)",
    ]

    /// The whole environment of each child: Swift's hashing seeded the same way every run, so
    /// dictionaries and sets do the same work each time, and nothing else. The environment is
    /// copied onto the child's stack, and its size and order moved counts by up to 1 % between
    /// runs of the same build; a fixed one makes them repeat exactly.
    static let environment = ["SWIFT_DETERMINISTIC_HASHING": "1"]

    /// Runs `executable` with `arguments` under callgrind and returns the instructions counted
    /// and the child's standard output. callgrind's output file is written to `keeping` when
    /// given (for `callgrind_annotate`), else to a temporary file removed afterwards.
    func count(_ executable: String, _ arguments: [String], keeping: String? = nil) throws
        -> (instructions: Int, output: String)
    {
        let file =
            keeping
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("benchmark-callgrind-\(UUID().uuidString).out").path
        defer { if keeping == nil { try? FileManager.default.removeItem(atPath: file) } }
        let result = try ChildProcess.run(
            valgrind, Self.options + ["--callgrind-out-file=\(file)", executable] + arguments,
            environment: Self.environment)
        guard result.succeeded else {
            // The child's own lines, without valgrind's "==pid==" banner.
            let lines = result.errorOutput.split(separator: "\n").filter { !$0.hasPrefix("==") }
            let ending = result.wasSignalled ? "was killed by signal" : "exited with status"
            throw Failure(
                description: "the child \(ending) \(result.status): " + lines.suffix(3).joined(separator: " / "))
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        guard let instructions = Self.total(in: text) else {
            throw Failure(description: "no totals line in callgrind's output file")
        }
        guard instructions > 0 else {
            throw Failure(
                description: "callgrind counted no instructions: no function matched \(MeasuredCalls.symbolPattern)")
        }
        return (instructions, result.output)
    }

    /// The event total of a callgrind output file (its `totals:` line, or `summary:`).
    static func total(in text: String) -> Int? {
        for prefix in ["totals:", "summary:"] {
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
                let value = line.dropFirst(prefix.count).split(separator: " ").first.flatMap({ Int($0) })
            {
                return value
            }
        }
        return nil
    }
}
