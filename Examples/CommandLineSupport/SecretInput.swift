import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a secret (password, token) so that it never appears in the arguments or on screen.
public enum SecretInput {
    /// The largest secret read, in bytes (1 MiB).
    public static let defaultLimit = 1 << 20

    /// Reads a secret from `input`.
    ///
    /// From a terminal: writes `prompt` to `promptOutput`, turns echo off, reads one line and
    /// restores the terminal. From a pipe or file: reads everything. Either way one trailing
    /// newline (`\n` or `\r\n`) is dropped.
    /// - Throws: ``CommandLineError`` when reading fails or the secret exceeds `limit` bytes.
    public static func read(
        prompt: String,
        from input: Int32 = STDIN_FILENO,
        promptOutput: Int32 = STDERR_FILENO,
        limit: Int = defaultLimit
    ) throws -> Data {
        var bytes: [UInt8]
        if isatty(input) == 1 {
            bytes = try readFromTerminal(prompt: prompt, input: input, promptOutput: promptOutput, limit: limit)
        } else {
            bytes = try readAll(input, stopAtNewline: false, limit: limit)
        }
        if bytes.last == 0x0A {
            bytes.removeLast()
            if bytes.last == 0x0D { bytes.removeLast() }
        }
        return Data(bytes)
    }

    private static func readFromTerminal(
        prompt: String, input: Int32, promptOutput: Int32, limit: Int
    ) throws -> [UInt8] {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else {
            throw CommandLineError("cannot read the terminal settings: \(String(cString: strerror(errno)))")
        }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ICANON | ECHONL)
        guard tcsetattr(input, TCSANOW, &silent) == 0 else {
            throw CommandLineError("cannot turn off the terminal's echo: \(String(cString: strerror(errno)))")
        }
        defer { _ = tcsetattr(input, TCSANOW, &saved) }
        let promptBytes = Array(prompt.utf8)
        _ = promptBytes.withUnsafeBytes { write(promptOutput, $0.baseAddress, $0.count) }
        return try readAll(input, stopAtNewline: true, limit: limit)
    }

    private static func readAll(_ input: Int32, stopAtNewline: Bool, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // A terminal is read byte by byte so nothing after the newline is taken.
            let count = buffer.withUnsafeMutableBytes {
                systemRead(input, $0.baseAddress, stopAtNewline ? 1 : $0.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandLineError("cannot read the secret: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
            // A newline beyond the limit is still allowed, since it is dropped.
            if bytes.count > limit + 2 {
                throw CommandLineError("the secret is longer than \(limit) bytes")
            }
            if stopAtNewline, bytes.last == 0x0A { break }
        }
        let payload = bytes.count - (bytes.last == 0x0A ? (bytes.dropLast().last == 0x0D ? 2 : 1) : 0)
        if payload > limit { throw CommandLineError("the secret is longer than \(limit) bytes") }
        return bytes
    }
}

// `read` inside `SecretInput` would otherwise name the method itself.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
