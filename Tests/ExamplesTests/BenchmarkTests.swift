import ArchiveTestSupport
import Foundation
import Testing

/// The benchmark's `--small` and `--instructions` modes, run as real processes on the debug
/// build with few calls. Only what every row reports is checked (each coder ran, passed its
/// decode check and has figures), never a timing.
@Suite("benchmark small archives and instruction counts")
struct BenchmarkTests {
    /// Every coder that codes the small archives: the Foundation peers and the suite's kits.
    static let smallCoders = [
        "JSONEncoder", "PropertyListEncoder-binary", "PropertyListEncoder-xml", "fastcoding", "hr-json", "hr-xml",
        "hr-binary", "keyed", "encrypted-fastcoding",
    ]
    static let smallWorkloads = ["pair", "settings", "todo-struct", "todo-class"]

    static var valgrindIsInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/valgrind")
        }
    }

    @Test("--small codes every small workload with every coder, both ways, and reports figures per call")
    func smallArchives() throws {
        let result = try BuiltExecutable("Benchmark").run([
            "--small", "--iterations", "1", "--warmup", "0", "--calls", "3", "--json",
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        let rows = try Self.rows(result.standardOutput)
        var seen: Set<String> = []
        for row in rows {
            let name = "\(row["coder"] ?? "") \(row["model"] ?? "") \(row["operation"] ?? "")"
            seen.insert(name)
            #expect(row["missing"] is NSNull, "\(name): \(row["missing"] ?? "")")
            #expect(row["calls"] as? Int == 3, "\(name)")
            #expect((row["median_us"] as? Double ?? 0) > 0, "\(name)")
            #expect((row["bytes"] as? Int ?? 0) > 0, "\(name)")
            if row["peer"] is String {
                // Only that there is a ratio: with 3 calls and one repetition, a preemption can make
                // it round to 0.000 on a busy machine.
                #expect(row["speedup"] is Double, "\(name) has no ratio to its peer")
            }
        }
        let expected = Self.smallCoders.flatMap { coder in
            Self.smallWorkloads.flatMap { workload in ["encode", "decode"].map { "\(coder) \(workload) \($0)" } }
        }
        #expect(seen == Set(expected))
        #expect(rows.count == expected.count)
    }

    @Test("--small prints one table line per coder, workload and operation")
    func smallTable() throws {
        let result = try BuiltExecutable("Benchmark").run([
            "--small", "--coders", "hr-json", "--workloads", "todo-class", "--iterations", "1", "--warmup", "0",
            "--calls", "2",
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map {
            $0.split(separator: " ").prefix(3).joined(separator: " ")
        }
        #expect(lines.contains("JSONEncoder todo-class encode"))
        #expect(lines.contains("JSONEncoder todo-class decode"))
        #expect(lines.contains("hr-json todo-class encode"))
        #expect(lines.contains("hr-json todo-class decode"))
        #expect(result.output.contains("× JSONEncoder"))
    }

    @Test(
        "--instructions --small counts fastcoding and its peer under callgrind, per call",
        .enabled(if: valgrindIsInstalled, "valgrind is not installed (apt-get install valgrind)"))
    func instructionCounts() throws {
        let result = try BuiltExecutable("Benchmark").run([
            "--instructions", "--small", "--coders", "fastcoding", "--workloads", "pair", "--calls", "4",
            "--warmup", "1", "--json",
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        let rows = try Self.rows(result.standardOutput)
        let names = rows.map { "\($0["coder"] ?? "") \($0["model"] ?? "") \($0["operation"] ?? "")" }
        #expect(
            Set(names) == [
                "JSONEncoder pair encode", "JSONEncoder pair decode", "fastcoding pair encode",
                "fastcoding pair decode",
            ])
        for (name, row) in zip(names, rows) {
            #expect(row["missing"] is NSNull, "\(name): \(row["missing"] ?? "")")
            let instructions = try #require(row["instructions"] as? Int, "\(name)")
            #expect(instructions > 0, "\(name)")
            #expect(row["instructions_per_op"] as? Double == (Double(instructions) / 4 * 10).rounded() / 10, "\(name)")
            if row["coder"] as? String == "fastcoding" {
                #expect((row["peer_ratio"] as? Double ?? 0) > 0, "\(name) has no ratio to JSONEncoder")
            }
        }
    }

    @Test("options that do not go together exit with status 2 and say why")
    func badOptions() throws {
        let cases: [([String], String)] = [
            (["--small", "--workloads", "struct"], "unknown workload \"struct\" with --small"),
            (["--instructions", "--scaling"], "--scaling and --instructions cannot be combined"),
            (["--small", "--bulk"], "--small cannot be combined with --bulk"),
            (["--calls", "0"], "--calls needs a whole number of at least 1"),
        ]
        for (arguments, reason) in cases {
            let result = try BuiltExecutable("Benchmark").run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorOutput.contains(reason), "\(arguments): \(result.errorOutput)")
            #expect(result.output.isEmpty, "\(arguments)")
        }
    }

    /// The `--json` array's objects.
    static func rows(_ output: Data) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
    }
}
