import CommandLineSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SecretInput")
struct SecretInputTests {
    /// Reads a secret from a pipe holding `bytes`.
    func readPiped(_ bytes: [UInt8], limit: Int = SecretInput.defaultLimit) throws -> Data {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            // Drain what the reader left, so the writer never writes into a closed pipe.
            var sink = [UInt8](repeating: 0, count: 4096)
            while sink.withUnsafeMutableBytes({ read(ends[0], $0.baseAddress, $0.count) }) > 0 {}
            close(ends[0])
        }
        // A writer of its own, so input larger than the pipe's buffer cannot block the test.
        let writeEnd = ends[1]
        let writer = Thread {
            _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        return try SecretInput.read(prompt: "unused: ", from: ends[0], limit: limit)
    }

    @Test("from a pipe: everything is read, and one trailing newline is dropped")
    func piped() throws {
        #expect(try readPiped(Array("hunter2\n".utf8)) == Data("hunter2".utf8))
        #expect(try readPiped(Array("crlf\r\n".utf8)) == Data("crlf".utf8))
        #expect(try readPiped(Array("two\n\n".utf8)) == Data("two\n".utf8))
        #expect(try readPiped(Array("a\nb".utf8)) == Data("a\nb".utf8))
        #expect(try readPiped([]) == Data())
        #expect(try readPiped([0, 0xFF, 0x0A]) == Data([0, 0xFF]))
    }

    @Test("a secret longer than the limit is refused")
    func limit() throws {
        #expect(try readPiped(Array("12345\n".utf8), limit: 5) == Data("12345".utf8))
        #expect(throws: CommandLineError.self) { try readPiped(Array("123456".utf8), limit: 5) }
        #expect(throws: CommandLineError.self) { try readPiped([UInt8](repeating: 65, count: 100_000), limit: 5) }
    }

    @Test("from a terminal: the prompt is shown, echo is off while typing, and restored after")
    func terminal() async throws {
        let master = Pseudoterminal.openMaster(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        #expect(Pseudoterminal.grant(master) == 0)
        #expect(Pseudoterminal.unlock(master) == 0)
        let name = try #require(Pseudoterminal.name(master).map { String(cString: $0) })
        let terminal = open(name, O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        defer { close(terminal) }
        var before = termios()
        tcgetattr(terminal, &before)
        #expect(before.c_lflag & tcflag_t(ECHO) != 0)

        // Type only once echo is off, as a person would after seeing the prompt.
        let reader = Task.detached {
            try SecretInput.read(prompt: "Password: ", from: terminal, promptOutput: terminal)
        }
        var settings = termios()
        repeat {
            usleep(1_000)
            tcgetattr(terminal, &settings)
        } while settings.c_lflag & tcflag_t(ECHO) != 0
        let typed = Array("s3cret words\n".utf8)
        _ = typed.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        let secret = try await reader.value
        #expect(secret == Data("s3cret words".utf8))

        var after = termios()
        tcgetattr(terminal, &after)
        #expect(after.c_lflag & tcflag_t(ECHO) != 0, "echo is restored")

        // What the terminal showed: the prompt and the newline, never the typed secret.
        var shown: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            shown += buffer[..<count]
        }
        let text = String(decoding: shown, as: UTF8.self)
        #expect(text.contains("Password: "))
        #expect(!text.contains("s3cret"), "shown: \(text.debugDescription)")
    }
}

/// The POSIX pseudoterminal calls, looked up at run time: the Glibc module leaves them out
/// (they sit behind `_XOPEN_SOURCE`), but libc has them.
enum Pseudoterminal {
    private static func function<T>(_ name: String, as type: T.Type) -> T {
        unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), name), to: type)
    }

    static let openMaster = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grant = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlock = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let name = function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
}
