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
    ///   - outputFile: a file its standard output is opened on instead of being captured (e.g.
    ///     `/dev/full`, to see how a program takes a failing write); the result's output is then empty.
    public func run(
        _ arguments: [String] = [],
        input: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil,
        outputFile: URL? = nil
    ) throws -> ProcessResult {
        try start(
            arguments, input: input, environment: environment, currentDirectory: currentDirectory,
            outputFile: outputFile
        ).wait()
    }

    /// Starts the executable and returns at once, for tests that signal or race processes.
    public func start(
        _ arguments: [String] = [],
        input: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil,
        outputFile: URL? = nil
    ) throws -> RunningProcess {
        try RunningProcess(
            executable: url, arguments: arguments, input: input ?? Data(),
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            currentDirectory: currentDirectory, outputFile: outputFile)
    }
}

/// A child process started by ``BuiltExecutable/start(_:input:environment:currentDirectory:)``.
///
/// Standard input, output and error go through temporary files, so no pipe can fill up and
/// block either side; they are removed when the process has been waited for.
///
/// The child is started with `posix_spawn` rather than Foundation's `Process`: on Linux with
/// Swift 6.3.1, `Process.run()` crashes now and then (SIGSEGV in memcpy) from an over-read of
/// `/proc/self/fd` entries (swift-corelibs-foundation PR #5472), which took whole test runs down.
public final class RunningProcess: @unchecked Sendable {
    private let exited = DispatchSemaphore(value: 0)
    private let files: [URL]
    private let name: String
    /// The raw `waitpid` status, set once before `exited` is signalled.
    private var rawStatus: Int32 = 0
    /// The child's process identifier.
    public let processIdentifier: Int32

    init(
        executable: URL, arguments: [String], input: Data, environment: [String: String],
        currentDirectory: URL?, outputFile: URL?
    ) throws {
        let folder = FileManager.default.temporaryDirectory
        let stem = "built-executable-\(UUID().uuidString)"
        files = ["in", "out", "err"].map { folder.appendingPathComponent("\(stem).\($0)") }
        name = executable.lastPathComponent
        try input.write(to: files[0])
        for file in files[1...] { try Data().write(to: file) }
        do {
            processIdentifier = try Self.spawn(
                executable: executable.path, arguments: arguments, environment: environment,
                currentDirectory: currentDirectory?.path,
                files: [files[0].path, outputFile?.path ?? files[1].path, files[2].path])
        } catch {
            for file in files { try? FileManager.default.removeItem(at: file) }
            throw error
        }
        let pid = processIdentifier
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            rawStatus = status
            exited.signal()
        }
    }

    private static func spawn(
        executable: String, arguments: [String], environment: [String: String], currentDirectory: String?,
        files: [String]
    ) throws -> Int32 {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, files[0], O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, files[1], O_WRONLY | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, files[2], O_WRONLY | O_TRUNC, 0o600)
        var program = executable
        var words = [executable] + arguments
        if let currentDirectory {
            #if canImport(Darwin)
                posix_spawn_file_actions_addchdir_np(&actions, currentDirectory)
            #else
                // Glibc's Swift module does not export posix_spawn_file_actions_addchdir_np.
                program = "/usr/bin/env"
                words = [program, "-C", currentDirectory] + words
            #endif
        }
        let argv = words.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard result == 0 else {
            throw BuiltExecutableError(
                name: (executable as NSString).lastPathComponent, searched: [executable],
                spawnError: String(cString: strerror(result)))
        }
        return pid
    }

    /// Sends `signal` (e.g. `SIGKILL`) to the child.
    public func kill(_ signal: Int32) {
        _ = Foundation.kill(processIdentifier, signal)
    }

    /// Waits for the child to end (killing it after `timeout` seconds so a hung child fails
    /// the test instead of hanging it) and returns its status and output.
    public func wait(timeout: TimeInterval = 300) throws -> ProcessResult {
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(SIGKILL)
            exited.wait()
            removeFiles()
            throw BuiltExecutableError(name: name, searched: [], timedOutAfter: timeout)
        }
        defer { removeFiles() }
        // The low 7 bits are the terminating signal (0 for a normal exit, then bits 8-15 are its status).
        let signal = rawStatus & 0x7F
        return ProcessResult(
            status: signal == 0 ? (rawStatus >> 8) & 0xFF : signal,
            wasSignalled: signal != 0,
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
    /// Set when the child could not be started: the system's reason.
    public var spawnError: String?

    public var description: String {
        if let spawnError {
            return "cannot start '\(name)': \(spawnError)"
        }
        if let timedOutAfter {
            return "'\(name)' did not finish within \(Int(timedOutAfter)) s and was killed"
        }
        return "the executable '\(name)' is not built (looked at \(searched.joined(separator: ", "))); "
            + "run `swift build --build-tests` first (Scripts/test does)"
    }
}
