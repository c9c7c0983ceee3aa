import ArchiveTestSupport
import Foundation

/// One todo example program, run as real processes with its data (and home) in a temporary folder.
struct ExampleProgram {
    let name: String
    let home: TemporaryDirectory
    let tool: BuiltExecutable
    var environment: [String: String]

    /// `name` with its data in a new temporary home; CryptoTodoList gets a password through `TODO_PASSWORD`.
    init(_ name: String, environment: [String: String] = [:]) throws {
        self.name = name
        home = try TemporaryDirectory(prefix: "examples-\(name)")
        tool = try BuiltExecutable(name)
        self.environment = [
            "HOME": home.url.path,
            "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path,
            "TODO_PASSWORD": "correct horse battery staple",
        ].merging(environment) { $1 }
    }

    /// The six todo programs and the file each keeps its list in.
    static let all: [(name: String, listFile: String)] = [
        ("TodoList", "TodoList.json"),
        ("BasicTodoList", "TodoList.plist"),
        ("AutoTodoList", "TodoList.plist"),
        ("HRTodoList", "TodoList.json"),
        ("FCTodoList", "TodoList.fast"),
        ("CryptoTodoList", "TodoList.enc"),
    ]

    /// The program's data folder.
    var dataDirectory: URL { home.url.appendingPathComponent("data/\(name)") }

    /// A file in the data folder.
    func file(_ name: String) -> URL { dataDirectory.appendingPathComponent(name) }

    func run(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]) throws
        -> ChildProcess.Result
    {
        try tool.run(arguments, input: input.map { Data($0.utf8) }, environment: environment.merging(extra) { $1 })
    }

    /// Starts `arguments` and returns at once, for tests that race or kill programs.
    func start(_ arguments: [String]) throws -> ChildProcess {
        try tool.start(arguments, environment: environment)
    }

    /// Whether the long variants of the process tests run (`LONG_TESTS=1`).
    static let isLongRun = ProcessInfo.processInfo.environment["LONG_TESTS"] == "1"

    /// Runs `arguments` and returns standard output, failing with the error output on a non-zero exit.
    /// The list's items as `list` prints them, without the numbers: `[x] label`.
    func items() throws -> [String] {
        try output(["list"]).split(separator: "\n").map { line in
            line == "no items" ? "" : String(line.drop { $0 != "[" })
        }.filter { !$0.isEmpty }
    }

    @discardableResult
    func output(_ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
        let result = try run(arguments, environment: extra)
        guard result.status == 0 else {
            throw ProgramFailed(arguments: arguments, status: result.status, errorOutput: result.errorOutput)
        }
        return result.output
    }
}

/// A run that was expected to succeed exited with a failure status.
struct ProgramFailed: Error, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let errorOutput: String

    var description: String { "\(arguments) exited with \(status): \(errorOutput)" }
}
