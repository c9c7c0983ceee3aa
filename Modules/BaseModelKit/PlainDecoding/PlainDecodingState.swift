import Foundation

/// What one decode of a plain value tree shares: limits, the evolution lookup, and what became
/// of the top-level keys.
final class PlainDecodingState {
    let userInfo: [CodingUserInfoKey: Any]
    /// The defaults of the top-level keys when decoding over a value; `nil` uses the type's own.
    let rootDefaults: TypeDefaults?
    /// The most values the decode may materialise from defaults (see ``charge(_:at:)``).
    private let budget: Int
    private var materialised = 0
    private(set) var depth = 0
    private var stackSpace = StackSpace()
    private var evolution: EvolutionLookup?
    /// Whether a top-level key of the tree was read, and whether one was taken from defaults:
    /// a file whose top level holds none of the model's keys but needed some is not its file.
    var readRootKey = false
    var defaultedRootKey = false

    /// - Parameter inputSize: The size of the input, in bytes or values, for the expansion budget.
    init(userInfo: [CodingUserInfoKey: Any], rootDefaults: TypeDefaults?, inputSize: Int) {
        self.userInfo = userInfo
        self.rootDefaults = rootDefaults
        budget = ArchiveLimits.expansionBudget(
            inputSize: inputSize, maximumExpansion: ArchiveLimits.defaultMaximumExpansion)
    }

    /// The decode's evolution lookup, made on the first missing key.
    var lookup: EvolutionLookup {
        if let evolution { return evolution }
        let made = EvolutionLookup(userInfo: userInfo)
        evolution = made
        return made
    }

    /// Runs `body` one level deeper, refusing to pass the depth limit or the thread's stack.
    func descend<Result>(_ codingPath: [any CodingKey], _ body: () throws -> Result) throws -> Result {
        depth += 1
        defer { depth -= 1 }
        guard depth <= ArchiveLimits.defaultMaximumDepth else {
            throw Self.corrupted(
                codingPath, "values nest deeper than the limit of \(ArchiveLimits.defaultMaximumDepth)")
        }
        guard !stackSpace.isRunningOut(atDepth: depth) else {
            throw Self.corrupted(codingPath, StackSpace.message(depth: depth))
        }
        return try body()
    }

    /// Counts a default of `weight` values and `height` levels used at `codingPath`, as if the
    /// tree held it.
    func charge(_ value: DefaultValue, at codingPath: [any CodingKey]) throws {
        materialised += value.weight
        guard materialised <= budget else {
            throw Self.corrupted(
                codingPath, "the defaults of missing keys expand to more than \(budget) values for this input")
        }
        guard depth + value.height <= ArchiveLimits.defaultMaximumDepth else {
            throw Self.corrupted(
                codingPath,
                "values nest deeper than the limit of \(ArchiveLimits.defaultMaximumDepth) here, counting the "
                    + "default of the missing key")
        }
    }

    static func corrupted(_ codingPath: [any CodingKey], _ description: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }
}
