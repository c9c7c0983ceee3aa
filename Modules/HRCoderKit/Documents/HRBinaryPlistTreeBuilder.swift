import CodingCore
import Foundation

/// Builds an ``HRValue`` tree from a binary property list (`bplist00`).
///
/// ``BinaryPlistScanner`` (CodingCore) reads and bounds-checks each object; this builder makes
/// the tree. Objects reached more than once are built once; nesting (and so any reference
/// cycle) is limited to `maximumDepth` levels. Depth counts the tree as built: an object reused
/// at depth `d` whose own containers nest `h` levels deep reaches `d + h`, so chains of reused
/// objects cannot build a tree deeper than the limit (which would overflow the stack when freed).
struct HRBinaryPlistTreeBuilder {
    private let scanner: BinaryPlistScanner
    private let maximumDepth: Int
    private var stackSpace = StackSpace()
    private var built: [HRValue?] = []
    /// How many values each built object stands for once shared sub-objects are counted at
    /// every place they appear; bounds "billion laughs" files whose objects reference each
    /// other over and over.
    private var weights: [Int] = []
    /// How many levels of containers each built object holds (0 for scalars).
    private var heights: [Int] = []
    /// The deepest container level the object being built reaches, reused objects included.
    private var reach = 0
    private var expansionLimit = 0
    /// Whether some dictionary has an `$alias` key.
    private var aliasKeyFound = false

    private init(scanner: BinaryPlistScanner, maximumDepth: Int) {
        self.scanner = scanner
        self.maximumDepth = maximumDepth
        let count = scanner.trailer.objectCount
        built = Array(repeating: nil, count: count)
        weights = Array(repeating: 1, count: count)
        heights = Array(repeating: 0, count: count)
    }

    /// Builds the tree of one complete binary property list.
    /// `aliasKeyFound` is set when some dictionary has an `$alias` key.
    static func build(_ data: Data, maximumDepth: Int, expansionLimit: Int, aliasKeyFound: inout Bool) throws
        -> HRValue
    {
        try data.withUnsafeBytes { raw in
            do {
                var builder = HRBinaryPlistTreeBuilder(scanner: try BinaryPlistScanner(raw), maximumDepth: maximumDepth)
                builder.expansionLimit = expansionLimit
                let value = try builder.object(builder.scanner.trailer.topObject, depth: 0)
                aliasKeyFound = builder.aliasKeyFound
                return value
            } catch let fault as PlistFault {
                throw HRCoderError.invalidBinaryPlist(offset: fault.offset, reason: fault.reason)
            }
        }
    }

    private func failure(_ offset: Int, _ reason: String) -> HRCoderError {
        .invalidBinaryPlist(offset: offset, reason: reason)
    }

    private mutating func object(_ reference: Int, depth: Int) throws -> HRValue {
        if let done = built[reference] {
            let reused = depth + heights[reference]
            guard reused <= maximumDepth else {
                throw HRCoderError.nestingTooDeep(limit: maximumDepth, offset: try scanner.offset(ofObject: reference))
            }
            reach = max(reach, reused)
            return done
        }
        let offset = try scanner.offset(ofObject: reference)
        let outerReach = reach
        reach = depth
        let (value, weight) = try makeValue(at: offset, depth: depth)
        heights[reference] = reach - depth
        reach = max(outerReach, reach)
        guard weight <= expansionLimit else {
            throw failure(
                offset,
                "object \(reference) expands to more than \(expansionLimit) values "
                    + "through shared references; raise maximumExpansion if the file is trusted")
        }
        built[reference] = value
        weights[reference] = weight
        return value
    }

    /// The child whose reference is stored at byte `position`, adding its weight to `weight`.
    private mutating func child(at position: Int, depth: Int, weight: inout Int) throws -> HRValue {
        let index = try scanner.reference(at: position)
        let value = try object(index, depth: depth)
        let (sum, overflow) = weight.addingReportingOverflow(weights[index])
        weight = overflow ? Int.max : sum
        return value
    }

    private mutating func makeValue(at offset: Int, depth: Int) throws -> (HRValue, Int) {
        switch try scanner.object(at: offset).object {
        case .null: return (.null, 1)
        case .bool(let value): return (.bool(value), 1)
        case .integer(let value, _): return (.integer(value), 1)
        case .wideInteger(let high, let low):
            guard let number = HRWideInteger(twosComplementHigh: high, low: low) else {
                throw failure(offset, "16-byte integer outside Int128")
            }
            return (.wideInteger(number), 1)
        case .real(let value, _): return (.real(value), 1)
        // The scanner refuses NaN seconds, the one value `Date(archivedSeconds…)` turns down.
        case .date(let seconds): return (.date(Date(timeIntervalSinceReferenceDate: seconds)), 1)
        case .data(let range): return (.data(Data(UnsafeRawBufferPointer(rebasing: scanner.bytes[range]))), 1)
        case .asciiString(let range), .utf8String(let range): return (.string(try scanner.utf8Text(range)), 1)
        case .utf16String(let range): return (.string(try scanner.utf16Text(range)), 1)
        case .uid: throw failure(offset, "UID objects belong to keyed archives, not HRCoder documents")
        case .set: throw failure(offset, "sets are not HRCoder values")
        case .array(let start, let count):
            try checkDepth(depth + 1, at: offset)
            var weight = 1
            var items: [HRValue] = []
            items.reserveCapacity(count)
            for index in 0..<count {
                let position = start + index * scanner.trailer.referenceSize
                items.append(try child(at: position, depth: depth + 1, weight: &weight))
            }
            return (.array(items), weight)
        case .dictionary(let start, let count):
            try checkDepth(depth + 1, at: offset)
            let referenceSize = scanner.trailer.referenceSize
            var weight = 1
            var entries: [String: HRValue] = [:]
            entries.reserveCapacity(count)
            for index in 0..<count {
                guard
                    case let .string(key) = try child(
                        at: start + index * referenceSize, depth: depth + 1, weight: &weight)
                else {
                    throw failure(offset, "dictionary key \(index) is not a string")
                }
                if HRDictionaryBuilder.isAliasKey(key) { aliasKeyFound = true }
                let position = start + (count + index) * referenceSize
                entries[key] = try child(at: position, depth: depth + 1, weight: &weight)
            }
            return (.dictionary(entries), weight)
        }
    }

    private mutating func checkDepth(_ depth: Int, at offset: Int) throws {
        if depth > maximumDepth { throw HRCoderError.nestingTooDeep(limit: maximumDepth, offset: offset) }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw HRCoderError.stackExhausted(depth: depth, offset: offset)
        }
        reach = max(reach, depth)
    }
}
