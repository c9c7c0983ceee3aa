import CommandLineSupport
import Foundation

/// `TodoList demo`: runs the program itself a few times in a temporary folder (data, settings
/// and keychain all inside it, via `XDG_DATA_HOME`, `XDG_CONFIG_HOME` and `HOME`), printing each
/// command and its output, then shows every file it wrote and its format. The folder is removed
/// at the end; the person's own list is never touched.
enum Demo {
    private static let steps: [(comment: String, arguments: [String])] = [
        ("the first run starts with the items of the bundled resource file", ["list"]),
        ("the list is saved as HRCoder JSON", ["add", "Buy milk"]),
        ("", ["done", "1"]),
        ("a setting, kept in UserDefaults", ["dates", "on"]),
        ("done items move to an archive kept in FastCoding", ["archive"]),
        (
            "notes are encrypted; the password is made and kept in KeychainStore",
            ["note", "The spare key is under the mat"]
        ),
        ("", ["notes"]),
        ("", ["list"]),
        ("", ["where"]),
    ]

    static func run() throws {
        guard let executable = Bundle.main.executableURL else {
            throw CommandLineError("cannot find the TodoList executable to run the demo with")
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("TodoList-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data", isDirectory: true)
        let config = folder.appendingPathComponent("config", isDirectory: true)
        let environment = ProcessInfo.processInfo.environment.merging([
            "XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": config.path, "HOME": folder.path,
        ]) { $1 }

        print("TodoList demo, in a temporary folder removed at the end: \(folder.path)")
        for step in steps {
            print("")
            if !step.comment.isEmpty { print("# \(step.comment)") }
            print("$ TodoList \(step.arguments.map(quoted).joined(separator: " "))")
            try runStep(executable, step.arguments, environment: environment)
        }
        print("\n# the files, each in its own format")
        let list = data.appendingPathComponent("TodoList")
        for file in [
            list.appendingPathComponent("TodoList.json"),
            list.appendingPathComponent("CompletedArchive.fast"),
            list.appendingPathComponent("PrivateNotes.enc"),
            list.appendingPathComponent("keychain/TodoList.keychain"),
            config.appendingPathComponent("\(Settings.suiteName).plist"),
        ] {
            // The demo reads the notes' password from the demo's own keychain, as the program does.
            let keychain = list.appendingPathComponent("keychain", isDirectory: true)
            try FileSummary.print(file, relativeTo: folder) { try NotesPassword.password(in: keychain) }
        }
    }

    private static func runStep(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
        let result = try ChildProcess.run(
            executable.path, arguments, environment: environment, errorOutput: .mergedIntoOutput)
        print(result.output, terminator: "")
        guard result.succeeded else {
            throw CommandLineError("the demo step '\(arguments.joined(separator: " "))' failed")
        }
    }

    private static func quoted(_ argument: String) -> String {
        argument.contains(" ") ? "\"\(argument)\"" : argument
    }
}
