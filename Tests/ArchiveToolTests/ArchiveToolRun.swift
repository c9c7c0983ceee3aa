import ArchiveTestSupport
import Foundation
import Testing

/// Runs the built `archive-tool` and checks the shape every failure must have.
enum ArchiveToolRun {
    static func run(
        _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]
    ) throws -> ChildProcess.Result {
        try BuiltExecutable("archive-tool").run(arguments, input: input, environment: environment)
    }

    /// `inspect --json` of `file`, parsed in the expected-value scheme.
    static func typedValue(of file: URL, environment: [String: String] = [:]) throws -> TypedValue {
        let result = try run(["inspect", file.path, "--json"], environment: environment)
        try #require(result.status == 0, "inspect \(file.lastPathComponent): \(result.errorOutput)")
        return try JSONDecoder().decode(TypedValue.self, from: result.standardOutput)
    }

    /// Expects a clean failure: exit 1 from `exit()` (not a signal), nothing on standard output,
    /// one line on standard error starting `archive-tool: error:`; returns that line.
    @discardableResult
    static func expectCleanFailure(
        _ result: ChildProcess.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        #expect(!result.wasSignalled, "\(what): killed by signal \(result.status)", sourceLocation: sourceLocation)
        #expect(result.status == 1, "\(what): exit \(result.status)", sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, "\(what): wrote to stdout", sourceLocation: sourceLocation)
        let lines = result.errorOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(what): \(result.errorOutput)", sourceLocation: sourceLocation)
        #expect(
            result.errorOutput.hasPrefix("archive-tool: error: "), "\(what): \(result.errorOutput)",
            sourceLocation: sourceLocation)
        return String(lines.first ?? "")
    }
}

extension TypedValue {
    /// The tree with every non-boolean number as `number` (formats that keep only "a number").
    var numbersAsNumbers: TypedValue {
        switch self {
        case let .int(value): .number(Double(value))
        case let .float(value), let .double(value): .number(value)
        case let .array(items, mutable): .array(items.map(\.numbersAsNumbers), mutable: mutable)
        case let .set(items, mutable): .set(items.map(\.numbersAsNumbers), mutable: mutable)
        case let .orderedSet(items, mutable): .orderedSet(items.map(\.numbersAsNumbers), mutable: mutable)
        case let .dictionary(entries, mutable):
            .dictionary(entries.map { Entry($0.key.numbersAsNumbers, $0.value.numbersAsNumbers) }, mutable: mutable)
        case let .object(className, properties):
            .object(className: className, properties: properties.map { Property($0.name, $0.value.numbersAsNumbers) })
        default: self
        }
    }
}
