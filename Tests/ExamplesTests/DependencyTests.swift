import ArchiveTestSupport
import Foundation
import Testing

/// Each example depends only on the kits it shows, as the package manifest declares them
/// (`swift package dump-package`), following internal targets such as TodoListSupport.
@Suite("example dependencies")
struct DependencyTests {
    static let expectedKits: [String: Set<String>] = [
        "TodoList": ["BaseModelKit", "HRCoderKit", "FastCodingKit", "CryptoCodingKit", "KeychainStore"],
        "BasicTodoList": ["BaseModelKit"],
        "AutoTodoList": ["AutoCodingKit"],
        "HRTodoList": ["BaseModelKit", "HRCoderKit"],
        "FCTodoList": ["BaseModelKit", "FastCodingKit"],
        "CryptoTodoList": ["BaseModelKit", "CryptoCodingKit"],
    ]

    /// The kits: the targets in `Modules/` other than the shared core and the libcrypto shim.
    static let infrastructure: Set<String> = ["CodingCore", "CLibCrypto"]

    @Test("swift package dump-package: every example reaches exactly the kits it shows")
    func dependencies() throws {
        let targets = try Self.manifestTargets()
        let kits = Set(targets.filter { $0.value.path.hasPrefix("Modules/") }.keys).subtracting(Self.infrastructure)
        #expect(kits.isSuperset(of: ["AutoCodingKit", "BaseModelKit", "HRCoderKit"]))
        for (program, expected) in Self.expectedKits {
            var reached: Set<String> = []
            var pending = targets[program]?.dependencies ?? []
            #expect(!pending.isEmpty, "\(program) is not in the manifest")
            while let next = pending.popLast() {
                // archive-tool's inspector, which the demo uses, reads every format by design.
                if next == "ArchiveInspection", program == "TodoList" { continue }
                guard reached.insert(next).inserted else { continue }
                pending += targets[next]?.dependencies ?? []
            }
            #expect(reached.intersection(kits) == expected, "\(program)")
            #expect(program == "TodoList" || !reached.contains("ArchiveInspection"), "\(program)")
        }
    }

    /// The manifest's targets by name: their path and the names of the targets or products they use.
    static func manifestTargets() throws -> [String: (path: String, dependencies: [String])] {
        // A scratch folder of its own: the running `swift test` holds the lock of `.build`.
        let scratch = try TemporaryDirectory(prefix: "dump-package")
        let run = try ChildProcess.run(
            "/usr/bin/env",
            [
                "swift", "package", "--package-path", SharedVectors.packageRoot.path,
                "--scratch-path", scratch.url.path, "dump-package",
            ])
        guard run.succeeded,
            let manifest = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any],
            let targets = manifest["targets"] as? [[String: Any]]
        else {
            throw ManifestUnreadable(status: run.status)
        }
        var result: [String: (path: String, dependencies: [String])] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            result[name] = (target["path"] as? String ?? "", dependencies)
        }
        return result
    }

    struct ManifestUnreadable: Error, CustomStringConvertible {
        let status: Int32
        var description: String { "swift package dump-package failed with status \(status)" }
    }
}
