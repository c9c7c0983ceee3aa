import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run as a child process: its standard input, output and error go through
/// temporary files, so no pipe can fill up and block either side.
///
/// Started with `posix_spawn` rather than Foundation's `Process`: on Linux with Swift 6.3.1,
/// `Process.run()` crashes now and then (SIGSEGV in memcpy) from an over-read of
/// `/proc/self/fd` entries (swift-corelibs-foundation PR #5472). The demo, the benchmark and
/// the tests start many children, so they all start them here.
///
/// ```swift
/// let result = try ChildProcess.run("/usr/bin/env", ["true"])
/// print(result.status)   // 0
/// ```
public final class ChildProcess: @unchecked Sendable {
    /// How a child ended and what it wrote.
    public struct Result: Sendable {
        /// The exit status, or the signal number when ``wasSignalled``.
        public let status: Int32
        /// Whether a signal ended the process.
        public let wasSignalled: Bool
        /// Everything written to standard output (and standard error, when merged).
        public let standardOutput: Data
        /// Everything written to standard error.
        public let standardError: Data

        /// Whether the child exited by itself with status 0.
        public var succeeded: Bool { !wasSignalled && status == 0 }

        /// Standard output as UTF-8 text.
        public var output: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var errorOutput: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Where the child's standard error goes.
    public enum ErrorOutput: Sendable {
        /// Kept apart, in ``Result/standardError``.
        case separate
        /// Into standard output, interleaved as written (as a terminal shows them).
        case mergedIntoOutput
    }

    private let exited = DispatchSemaphore(value: 0)
    private let files: [URL]
    private let executable: String
    /// The raw `waitpid` status, set once before `exited` is signalled.
    private var rawStatus: Int32 = 0
    /// The child's process identifier.
    public let processIdentifier: Int32

    /// Starts `executable` with `arguments` and returns at once.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment (passed in sorted order, so runs repeat).
    ///   - input: the bytes on its standard input.
    ///   - currentDirectory: its working folder; by default this process's.
    ///   - outputFile: a file its standard output is opened on instead of being captured (e.g.
    ///     `/dev/full`); ``Result/standardOutput`` is then empty.
    ///   - errorOutput: whether standard error is kept apart or merged into standard output.
    /// - Throws: ``ChildProcessError`` when the child cannot be started.
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        input: Data = Data(),
        currentDirectory: String? = nil,
        outputFile: String? = nil,
        errorOutput: ErrorOutput = .separate
    ) throws {
        let folder = FileManager.default.temporaryDirectory
        let stem = "child-process-\(UUID().uuidString)"
        files = ["in", "out", "err"].map { folder.appendingPathComponent("\(stem).\($0)") }
        self.executable = executable
        do {
            try input.write(to: files[0])
            for file in files[1...] { try Data().write(to: file) }
            processIdentifier = try Self.spawn(
                executable, arguments, environment: environment, currentDirectory: currentDirectory,
                files: [files[0].path, outputFile ?? files[1].path, files[2].path],
                mergesErrorIntoOutput: errorOutput == .mergedIntoOutput)
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

    /// Runs `executable` with `arguments` to completion; the parameters are ``init(_:_:environment:input:currentDirectory:outputFile:errorOutput:)``'s.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        input: Data = Data(),
        currentDirectory: String? = nil,
        outputFile: String? = nil,
        errorOutput: ErrorOutput = .separate
    ) throws -> Result {
        try ChildProcess(
            executable, arguments, environment: environment, input: input, currentDirectory: currentDirectory,
            outputFile: outputFile, errorOutput: errorOutput
        ).wait()
    }

    /// The first executable file called `name` in the folders of `PATH`, or `nil`.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Sends `signal` (e.g. `SIGKILL`) to the child.
    public func kill(_ signal: Int32) {
        _ = Foundation.kill(processIdentifier, signal)
    }

    /// Waits for the child to end and returns its status and output. A child still running
    /// after `timeout` seconds is killed, so a hung child is an error instead of a hang.
    ///
    /// - Throws: ``ChildProcessError/timedOut(executable:seconds:)``.
    public func wait(timeout: TimeInterval? = nil) throws -> Result {
        if let timeout, exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(SIGKILL)
            exited.wait()
            removeFiles()
            throw ChildProcessError.timedOut(executable: executable, seconds: timeout)
        }
        if timeout == nil { exited.wait() }
        defer { removeFiles() }
        // The low 7 bits are the terminating signal (0 for a normal exit, then bits 8-15 are its status).
        let signal = rawStatus & 0x7F
        return Result(
            status: signal == 0 ? (rawStatus >> 8) & 0xFF : signal,
            wasSignalled: signal != 0,
            standardOutput: try FileContents.read(from: files[1]),
            standardError: try FileContents.read(from: files[2]))
    }

    private func removeFiles() {
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String?,
        files: [String], mergesErrorIntoOutput: Bool
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
        if mergesErrorIntoOutput {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, files[2], O_WRONLY | O_TRUNC, 0o600)
        }
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
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard result == 0 else {
            throw ChildProcessError.cannotStart(executable: executable, reason: String(cString: strerror(result)))
        }
        return pid
    }
}
