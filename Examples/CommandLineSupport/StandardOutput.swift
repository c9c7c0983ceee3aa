import CodingCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program's results on standard output, with a failed write (a full disk, a closed pipe)
/// reported as a ``CommandLineError`` rather than a crash or a silent loss.
///
/// `FileHandle.write(_:)` traps on a write error, and `print` drops it; a command that wrote
/// only part of its output must not exit 0. ``CommandLineProgram`` checks what `print` wrote
/// when the command ends.
public enum StandardOutput {
    /// Writes all of `data` to standard output, after anything `print` still holds.
    ///
    /// - Throws: ``CommandLineError`` naming the system's reason.
    public static func write(_ data: Data) throws {
        try flush()
        try data.withUnsafeBytes { buffer in
            var remaining = buffer
            while !remaining.isEmpty {
                let written = systemWrite(STDOUT_FILENO, remaining.baseAddress, remaining.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure(errno)
                }
                remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
            }
        }
    }

    /// Writes `text` as UTF-8 to standard output.
    public static func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    /// Hands what `print` has buffered to the system.
    ///
    /// - Throws: ``CommandLineError`` when that, or an earlier write of `print`'s, failed.
    public static func flush() throws {
        if let code = PrintBuffer.flush() {
            throw failure(code)
        }
    }

    private static func failure(_ code: Int32) -> CommandLineError {
        CommandLineError("cannot write to standard output: \(SystemError.describe(code))")
    }
}

// `write` inside `StandardOutput` would otherwise name the method itself.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
