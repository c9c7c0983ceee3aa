// Tests get the children they start (`ChildProcess`, its `Result`) with this target.
@_exported import CommandLineSupport
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

    /// Runs the executable to completion (killing it after 300 s, so a hung child fails the
    /// test instead of hanging it).
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
    ) throws -> ChildProcess.Result {
        try start(
            arguments, input: input, environment: environment, currentDirectory: currentDirectory,
            outputFile: outputFile
        ).wait(timeout: 300)
    }

    /// Starts the executable and returns at once, for tests that signal or race processes.
    public func start(
        _ arguments: [String] = [],
        input: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil,
        outputFile: URL? = nil
    ) throws -> ChildProcess {
        try ChildProcess(
            url.path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            input: input ?? Data(), currentDirectory: currentDirectory?.path, outputFile: outputFile?.path)
    }
}

/// A built executable that is missing.
public struct BuiltExecutableError: Error, CustomStringConvertible {
    /// The product name.
    public let name: String
    /// The paths tried.
    public let searched: [String]

    public var description: String {
        "the executable '\(name)' is not built (looked at \(searched.joined(separator: ", "))); "
            + "run `swift build --build-tests` first (Scripts/test does)"
    }
}
