import ArchiveInspection
import CodingCore
import CommandLineSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The FILE argument of `inspect` and `convert`, and how to get the password of an encrypted one.
struct InputFile {
    /// The file's path, byte for byte (a name that is not UTF-8 is opened as given).
    let path: FileSystemPath
    let passwordVariable: String?

    init(_ arguments: inout ArgumentList) throws {
        passwordVariable = try arguments.option("--password-env")
        path = try arguments.nextPath("FILE")
    }

    /// Whether FILE is `-`, standard input.
    var isStandardInput: Bool { path.bytes == [UInt8(ascii: "-")] }

    /// How messages name the input (bytes that are not UTF-8 as `\xNN`).
    var displayName: String { isStandardInput ? "standard input" : path.description }

    /// The archive read and inspected.
    func inspect() throws -> InspectedArchive {
        do {
            return try ArchiveInspector.inspect(data: try read(), password: password)
        } catch let error as InspectionError {
            throw CommandLineError("\(displayName): \(error.message)")
        }
    }

    /// The file's bytes, refusing more than the inspector's limit before reading them all.
    private func read() throws -> Data {
        let limit = ArchiveInspector.maximumByteCount
        do {
            if isStandardInput {
                return try FileContents.read(descriptor: STDIN_FILENO, path: displayName, limit: limit)
            }
            return try FileContents.read(from: path, limit: limit)
        } catch let error as FileReadError {
            throw CommandLineError("\(displayName): \(error.reason)")
        }
    }

    private func password() throws -> String {
        if let passwordVariable {
            guard let value = ProcessInfo.processInfo.environment[passwordVariable], !value.isEmpty else {
                throw InspectionError(
                    "the environment variable \(passwordVariable) (--password-env) is not set or empty")
            }
            return value
        }
        guard !isStandardInput, isatty(STDIN_FILENO) == 1 else {
            throw InspectionError("the archive is encrypted; give its password with --password-env NAME")
        }
        let secret = try SecretInput.read(prompt: "Password for \(displayName): ")
        return String(decoding: secret, as: UTF8.self)
    }
}
