import Foundation

/// An executable product of this package (e.g. `keychain-store`), found in the bin folder of
/// the build that made the running tests, and run as a real child process.
///
/// `Scripts/test` builds everything (`swift build --build-tests`) before testing, so the
/// executables exist; a missing one is a clear error saying how to build it.
///
/// ```swift
/// let tool = try BuiltExecutable("keychain-store")
/// let result = try tool.run(["get", "token"], environment: ["XDG_DATA_HOME": folder.path])
/// #expect(result.status == 0)
/// ```
public struct BuiltExecutable: Sendable {
    /// The product name.
    public let name: String
    /// The executable file.
    public let url: URL

    /// Finds the product `name` in ``binDirectories``.
    ///
    /// - Throws: ``BuiltExecutableError`` naming the folders searched and the build command.
    public init(_ name: String) throws {
        self.name = name
        let candidates = Self.binDirectories.map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BuiltExecutableError(name: name, searched: candidates.map(\.path))
        }
        url = found
    }

    /// Where built products are looked for, in order: `$BUILT_PRODUCTS_DIR` when set, the
    /// folder holding the running test bundle (SwiftPM builds tests and executables into the
    /// same bin folder), the running executable's folder, then `<package>/.build/debug`.
    public static var binDirectories: [URL] {
        var folders: [URL] = []
        if let override = ProcessInfo.processInfo.environment["BUILT_PRODUCTS_DIR"], !override.isEmpty {
            folders.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.deletingLastPathComponent())
        }
        folders.append(SharedVectors.packageRoot.appendingPathComponent(".build/debug", isDirectory: true))
        var unique: [URL] = []
        for folder in folders.map(\.standardizedFileURL) where !unique.contains(folder) {
            unique.append(folder)
        }
        return unique
    }

    /// Runs the executable to completion.
    ///
    /// - Parameters:
    ///   - input: the bytes on its standard input (empty when `nil`).
    ///   - environment: variables added to (or replacing) the test process's environment.
    ///   - currentDirectory: its working folder; by default the test process's.
    public func run(
        _ arguments: [String] = [],
        input: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> ProcessResult {
        try start(arguments, input: input, environment: environment, currentDirectory: currentDirectory).wait()
    }

    /// Starts the executable and returns at once, for tests that signal or race processes.
    public func start(
        _ arguments: [String] = [],
        input: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> RunningProcess {
        try RunningProcess(
            executable: url, arguments: arguments, input: input ?? Data(),
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            currentDirectory: currentDirectory)
    }
}

/// A child process started by ``BuiltExecutable/start(_:input:environment:currentDirectory:)``.
///
/// Standard input, output and error go through temporary files, so no pipe can fill up and
/// block either side; they are removed when the process has been waited for.
public final class RunningProcess: @unchecked Sendable {
    private let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private let files: [URL]

    init(executable: URL, arguments: [String], input: Data, environment: [String: String],
         currentDirectory: URL?) throws {
        let folder = FileManager.default.temporaryDirectory
        let stem = "built-executable-\(UUID().uuidString)"
        files = ["in", "out", "err"].map { folder.appendingPathComponent("\(stem).\($0)") }
        try input.write(to: files[0])
        for file in files[1...] { try Data().write(to: file) }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardInput = try FileHandle(forReadingFrom: files[0])
        process.standardOutput = try FileHandle(forWritingTo: files[1])
        process.standardError = try FileHandle(forWritingTo: files[2])
        process.terminationHandler = { [exited] _ in exited.signal() }
        do {
            try process.run()
        } catch {
            removeFiles()
            throw error
        }
    }

    /// The child's process identifier.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends `signal` (e.g. `SIGKILL`) to the child.
    public func kill(_ signal: Int32) {
        _ = Foundation.kill(process.processIdentifier, signal)
    }

    /// Waits for the child to end (killing it after `timeout` seconds so a hung child fails
    /// the test instead of hanging it) and returns its status and output.
    public func wait(timeout: TimeInterval = 300) throws -> ProcessResult {
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(SIGKILL)
            exited.wait()
            removeFiles()
            throw BuiltExecutableError(name: process.executableURL?.lastPathComponent ?? "process",
                                       searched: [], timedOutAfter: timeout)
        }
        defer { removeFiles() }
        return ProcessResult(
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            standardOutput: try Data(contentsOf: files[1]),
            standardError: try Data(contentsOf: files[2]))
    }

    private func removeFiles() {
        for file in files { try? FileManager.default.removeItem(at: file) }
    }
}

/// How a child process ended and what it wrote.
public struct ProcessResult: Sendable {
    /// The exit status, or the signal number when ``wasSignalled``.
    public let status: Int32
    /// Whether a signal ended the process.
    public let wasSignalled: Bool
    /// Everything written to standard output.
    public let standardOutput: Data
    /// Everything written to standard error.
    public let standardError: Data

    /// Standard output as UTF-8 text.
    public var output: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var errorOutput: String { String(decoding: standardError, as: UTF8.self) }
}

/// A built executable that is missing, or a child that did not end in time.
public struct BuiltExecutableError: Error, CustomStringConvertible {
    /// The product name.
    public let name: String
    /// The paths tried.
    public let searched: [String]
    /// Set when the child was killed for running longer than this many seconds.
    public var timedOutAfter: TimeInterval?

    public var description: String {
        if let timedOutAfter {
            return "'\(name)' did not finish within \(Int(timedOutAfter)) s and was killed"
        }
        return "the executable '\(name)' is not built (looked at \(searched.joined(separator: ", "))); "
            + "run `swift build --build-tests` first (Scripts/test does)"
    }
}
