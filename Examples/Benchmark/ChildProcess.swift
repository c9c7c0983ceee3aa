import Foundation

/// A program run to completion as a child process, its standard output and error going to
/// temporary files (no pipe can fill up and block either side).
///
/// Started with `posix_spawn` rather than Foundation's `Process`, which on Linux with Swift
/// 6.3.1 crashes now and then in `Process.run()` (see `BuiltExecutable` in ArchiveTestSupport);
/// `--instructions` starts one child per row.
struct ChildProcess {
    /// How the child ended and what it wrote.
    struct Result {
        /// The exit status, or 128 + the signal number when a signal ended it.
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// A child that could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        var executable: String
        var reason: String
        var description: String { "cannot start \(executable): \(reason)" }
    }

    /// Runs `executable` with `arguments`, in the current environment or, when `environment`
    /// is given, in exactly that one (its variables in sorted order).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> Result
    {
        let folder = FileManager.default.temporaryDirectory
        let stem = "benchmark-child-\(UUID().uuidString)"
        let files = ["out", "err"].map { folder.appendingPathComponent("\(stem).\($0)").path }
        defer { for file in files { try? FileManager.default.removeItem(atPath: file) } }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, files[0], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, files[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let variables = (environment ?? ProcessInfo.processInfo.environment).sorted { $0.key < $1.key }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw SpawnError(executable: executable, reason: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // The low 7 bits are the terminating signal (0 for a normal exit, then bits 8-15 are its status).
        let signal = status & 0x7F
        return Result(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
            output: (try? String(contentsOfFile: files[0], encoding: .utf8)) ?? "",
            errorOutput: (try? String(contentsOfFile: files[1], encoding: .utf8)) ?? ""
        )
    }

    /// The first executable file called `name` in the folders of `PATH`, or `nil`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
