import ArchiveInspection
import CommandLineSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The FILE argument of `inspect` and `convert`, and how to get the password of an encrypted one.
struct InputFile {
    let path: String
    let passwordVariable: String?

    init(_ arguments: inout ArgumentList) throws {
        passwordVariable = try arguments.option("--password-env")
        path = try arguments.next("FILE")
    }

    /// How messages name the input.
    var displayName: String { path == "-" ? "standard input" : path }

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
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CommandLineError("\(path): no such file")
            }
            guard !isFolder.boolValue else { throw CommandLineError("\(path): is a folder, not a file") }
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw CommandLineError("\(path): cannot be read (permission denied?)")
            }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                throw CommandLineError("\(path): larger than the limit of \(limit) bytes")
            }
            return data
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw CommandLineError("\(path): cannot be read: \(error.localizedDescription)")
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
        guard path != "-", isatty(STDIN_FILENO) == 1 else {
            throw InspectionError("the archive is encrypted; give its password with --password-env NAME")
        }
        let secret = try SecretInput.read(prompt: "Password for \(path): ")
        return String(decoding: secret, as: UTF8.self)
    }
}
