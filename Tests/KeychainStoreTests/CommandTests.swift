import ArchiveTestSupport
import Foundation
import Testing

@testable import KeychainStore

/// The `keychain-store` executable, run as real processes against a store in a temporary
/// `XDG_DATA_HOME`.
@Suite("keychain-store command")
struct CommandTests {
    let home: TemporaryDirectory
    let tool: BuiltExecutable

    init() throws {
        home = try TemporaryDirectory(prefix: "keychain-command")
        tool = try BuiltExecutable("keychain-store")
    }

    var storeDirectory: URL { home.url.appendingPathComponent("keychain-store") }

    func run(_ arguments: [String], input: String? = nil) throws -> ChildProcess.Result {
        try tool.run(arguments, input: input.map { Data($0.utf8) }, environment: ["XDG_DATA_HOME": home.url.path])
    }

    @Test("set reads stdin (one trailing newline dropped), get prints it, list and remove work")
    func roundTrip() throws {
        #expect(try run(["set", "token"], input: "hunter2\n").status == 0)
        #expect(try run(["set", "multi"], input: "line one\nline two\n\n").status == 0)
        #expect(try run(["set", "bare"], input: "no newline").status == 0)
        #expect(try run(["get", "token"]).output == "hunter2\n")
        #expect(try run(["get", "multi"]).output == "line one\nline two\n\n")
        #expect(try run(["get", "bare"]).output == "no newline\n")
        #expect(try run(["list"]).output == "bare\nmulti\ntoken\n")
        let store = KeychainStore(service: "keychain-store", directory: storeDirectory)
        #expect(try store.string(forKey: "multi") == "line one\nline two\n")
        #expect(try run(["remove", "token"]).status == 0)
        #expect(try run(["list"]).output == "bare\nmulti\n")
    }

    @Test("--service selects the service; services are separate")
    func services() throws {
        #expect(try run(["--service", "mail", "set", "token"], input: "m\n").status == 0)
        #expect(try run(["set", "token", "--service=chat"], input: "c\n").status == 0)
        #expect(try run(["--service", "mail", "get", "token"]).output == "m\n")
        #expect(try run(["--service", "chat", "get", "token"]).output == "c\n")
        #expect(try run(["list"]).output == "")
        let mail = KeychainStore(service: "mail", directory: storeDirectory)
        #expect(try mail.string(forKey: "token") == "m")
    }

    @Test("exit codes: 3 for a missing key, 2 for a wrong command line, 1 for a store it cannot use; one-line errors")
    func exitCodesAndErrors() throws {
        let missing = try run(["get", "nothing"])
        #expect(missing.status == 3)
        #expect(missing.output == "")
        #expect(
            missing.errorOutput
                == "keychain-store: error: no secret stored under 'nothing' for service 'keychain-store'\n")
        #expect(try run(["remove", "nothing"]).status == 3)
        for arguments in [[], ["frobnicate"], ["get"], ["get", "a", "b"], ["--service"], ["list", "--verbose"]] {
            let result = try run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorOutput.hasPrefix("keychain-store: error: "), "\(arguments)")
            #expect(result.errorOutput.filter { $0 == "\n" }.count == 1, "\(arguments)")
            #expect(result.errorOutput.contains("--help"), "\(arguments)")
        }
        #expect(try run(["set", "k"], input: "v").status == 0)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644],
            ofItemAtPath: storeDirectory.appendingPathComponent("keychain.key").path)
        let refused = try run(["get", "k"])
        #expect(refused.status == 1)
        #expect(refused.errorOutput.hasPrefix("keychain-store: error: '"))
        #expect(refused.errorOutput.contains("chmod 600"))
        #expect(refused.errorOutput.filter { $0 == "\n" }.count == 1)
    }

    @Test("--directory opens a store a program made with KeychainStore(service:directory:)")
    func directoryOption() throws {
        let directory = home.url.appendingPathComponent("program data/keychain", isDirectory: true)
        let store = KeychainStore(service: "TodoList", directory: directory)
        try store.setString("from the program", forKey: "notes-password")
        let options = ["--directory", directory.path, "--service", "TodoList"]
        #expect(try run(options + ["get", "notes-password"]).output == "from the program\n")
        #expect(try run(options + ["list"]).output == "notes-password\n")
        #expect(
            try run(["--directory=\(directory.path)", "--service=TodoList", "set", "token"], input: "t").status == 0)
        #expect(try store.string(forKey: "token") == "t")
        // Nothing went to the default folder.
        #expect(!FileManager.default.fileExists(atPath: storeDirectory.path))
        #expect(try run(options + ["ensure", "notes-password"]).output == "from the program\n")
    }

    @Test("ensure prints the stored secret, making a random one first when there is none")
    func ensure() throws {
        let made = try run(["ensure", "api-key"])
        #expect(made.status == 0)
        #expect(Data(base64Encoded: String(made.output.dropLast()))?.count == 32)
        #expect(try run(["ensure", "api-key"]).output == made.output)
        #expect(try run(["get", "api-key"]).output == made.output)
    }

    @Test("an XDG_DATA_HOME that is not UTF-8 is refused with the reason, and nothing is created anywhere")
    func nonUTF8DataHome() throws {
        // The child's environment is set by the shell, which passes the byte 0xFF as it is.
        let script = #"XDG_DATA_HOME="$1/data$(printf '\377')" exec "$2" set token"#
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", script, "sh", home.url.path, tool.url.path], input: Data("secret".utf8))
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("keychain-store: error: "))
        #expect(result.errorOutput.contains("not UTF-8"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).isEmpty)
    }

    @Test("--help prints the usage on stdout and exits 0")
    func help() throws {
        for flag in ["--help", "-h"] {
            let result = try run([flag])
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("usage: keychain-store"))
            #expect(result.output.contains("exit status"))
            #expect(result.errorOutput.isEmpty)
        }
    }

    @Test("every file the command creates is 0600 in a 0700 folder, and no secret or key name is in plain text")
    func filesArePrivate() throws {
        #expect(try run(["set", "bank-pin"], input: "8431-9977-secret\n").status == 0)
        #expect(try run(["--service", "other", "set", "mail-password"], input: "pa55-w0rd-secret\n").status == 0)
        #expect(try StoreFolder.mode(storeDirectory) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: storeDirectory.path).sorted()
        #expect(names == ["keychain-store.keychain", "keychain.key", "keychain.lock", "other.keychain"])
        for name in names {
            let file = storeDirectory.appendingPathComponent(name)
            #expect(try StoreFolder.mode(file) == 0o600, "\(name)")
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for secret in ["8431-9977", "pa55-w0rd", "bank-pin", "mail-password"] {
                #expect(!text.contains(secret), "\(secret) in \(name)")
            }
        }
    }

    @Test("8 processes × 15 sets at once lose nothing")
    func concurrentProcesses() async throws {
        let tool = tool
        let environment = ["XDG_DATA_HOME": home.url.path]
        try await withThrowingTaskGroup(of: [Int32].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    try (0..<15).map { index in
                        try tool.run(
                            ["set", "w\(worker)-\(index)"], input: Data("value \(worker) \(index)\n".utf8),
                            environment: environment
                        ).status
                    }
                }
            }
            for try await statuses in group { #expect(statuses.allSatisfy { $0 == 0 }) }
        }
        let listed = try run(["list"]).output.split(separator: "\n").map(String.init)
        let expected = (0..<8).flatMap { worker in (0..<15).map { "w\(worker)-\($0)" } }.sorted()
        #expect(listed == expected)
        let store = KeychainStore(service: "keychain-store", directory: storeDirectory)
        for worker in 0..<8 {
            for index in 0..<15 {
                #expect(try store.string(forKey: "w\(worker)-\(index)") == "value \(worker) \(index)")
            }
        }
    }

    @Test("SIGKILL at random points of a loop of writes leaves the old or the new store, readable")
    func killedWriters() throws {
        var random = SplitMix64(seed: 0x5EED)
        let store = KeychainStore(service: "keychain-store", directory: storeDirectory)
        var committed: [String: String] = [:]
        var killedMidway = 0
        for round in 0..<60 {
            let key = "k\(round % 4)"
            let value = "value-\(round)"
            let process = try tool.start(
                ["set", key], input: Data(value.utf8),
                environment: ["XDG_DATA_HOME": home.url.path])
            usleep(UInt32(random.next() % 30_000))
            process.kill(SIGKILL)
            let result = try process.wait(timeout: 300)
            let now = try store.string(forKey: key)
            let allowed: Set<String?> = [committed[key], value]
            #expect(allowed.contains(now), "round \(round): \(String(describing: now))")
            if result.wasSignalled { killedMidway += 1 }
            committed[key] = now
            for other in committed.keys where other != key {
                #expect(try store.string(forKey: other) == committed[other], "round \(round): \(other) changed")
            }
        }
        #expect(killedMidway > 0, "some writers were killed before finishing")
        for file in try FileManager.default.contentsOfDirectory(atPath: storeDirectory.path) {
            #expect(try StoreFolder.mode(storeDirectory.appendingPathComponent(file)) == 0o600, "\(file)")
        }
        #expect(throws: Never.self) { try store.allKeys() }
    }

    @Test(
        "a secret that cannot be written to standard output is a one-line error, not a crash",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system"))
    func fullStandardOutput() throws {
        #expect(try run(["set", "token"], input: "hunter2\n").status == 0)
        let result = try tool.run(
            ["get", "token"], environment: ["XDG_DATA_HOME": home.url.path],
            outputFile: URL(fileURLWithPath: "/dev/full"))
        #expect(!result.wasSignalled)
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "keychain-store: error: cannot write to standard output: No space left on device (errno 28)\n")
    }
}
