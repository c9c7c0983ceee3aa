/// How strictly ``TypedValue/mismatches(against:options:)`` compares.
public struct ComparisonOptions: Sendable {
    /// Treat `array`/`mutableArray` etc. as the same kind (HRCoder does not record mutability).
    public var ignoresMutability = false
    /// An expected `nil` property may be missing from the actual object (formats that omit nils).
    public var allowsMissingAbsentProperties = false
    /// An expected `bool` matches an actual integer 1 or 0 (BOOL properties boxed as `char` numbers).
    public var acceptsIntegerForBool = false

    public init(
        ignoresMutability: Bool = false,
        allowsMissingAbsentProperties: Bool = false,
        acceptsIntegerForBool: Bool = false
    ) {
        self.ignoresMutability = ignoresMutability
        self.allowsMissingAbsentProperties = allowsMissingAbsentProperties
        self.acceptsIntegerForBool = acceptsIntegerForBool
    }
}

extension TypedValue {
    /// Every difference between this (actual) tree and `expected`, as readable lines naming
    /// the expected node's JSON Pointer; empty when they match.
    ///
    /// Both trees may use `sameAs` pointers (call ``resolvingSharedInstances()`` first on a
    /// converter's output). Identity is compared as a graph: a node shared in one tree must be
    /// shared in the same places in the other. Dictionary entries and set items match in any
    /// order; numbers match by kind and exact value (`number` matches any numeric kind).
    public func mismatches(against expected: TypedValue, options: ComparisonOptions = .init()) -> [String] {
        var comparison = GraphComparison(actualRoot: self, expectedRoot: expected, options: options)
        _ = comparison.compare(self, at: "", with: expected, at: "")
        return comparison.mismatches
    }
}

/// Walks an actual and an expected tree side by side, pairing up shared instances.
private struct GraphComparison {
    let actualRoot: TypedValue
    let expectedRoot: TypedValue
    let options: ComparisonOptions
    var mismatches: [String] = []
    /// Expected instance pointer → actual instance pointer, and back.
    var pairedInstances: [String: String] = [:]
    var pairedInstancesBack: [String: String] = [:]

    init(actualRoot: TypedValue, expectedRoot: TypedValue, options: ComparisonOptions) {
        self.actualRoot = actualRoot
        self.expectedRoot = expectedRoot
        self.options = options
    }

    /// Compares without leaving a trace unless it matches (for finding set items and keys).
    mutating func trial(
        _ actual: TypedValue, at actualPointer: String, with expected: TypedValue, at expectedPointer: String
    ) -> Bool {
        let saved = (mismatches, pairedInstances, pairedInstancesBack)
        if compare(actual, at: actualPointer, with: expected, at: expectedPointer) { return true }
        (mismatches, pairedInstances, pairedInstancesBack) = saved
        return false
    }

    private mutating func fail(_ pointer: String, _ message: String) -> Bool {
        mismatches.append("at '\(pointer)': \(message)")
        return false
    }

    @discardableResult
    mutating func compare(
        _ actual: TypedValue, at actualPointer: String, with expected: TypedValue, at expectedPointer: String
    ) -> Bool {
        var actual = actual, actualPointer = actualPointer
        var expected = expected, expectedPointer = expectedPointer
        if case let .sameAs(pointer) = actual {
            guard let target = JSONPointer.resolve(pointer, in: actualRoot) else {
                return fail(expectedPointer, "actual sameAs '\(pointer)' points nowhere")
            }
            (actual, actualPointer) = (target, pointer)
        }
        if case let .sameAs(pointer) = expected {
            guard let target = JSONPointer.resolve(pointer, in: expectedRoot) else {
                return fail(expectedPointer, "expected sameAs '\(pointer)' points nowhere")
            }
            (expected, expectedPointer) = (target, pointer)
        }
        if expected.isReferenceLike {
            if let paired = pairedInstances[expectedPointer] {
                return paired == actualPointer
                    ? true
                    : fail(
                        expectedPointer,
                        "expected the same instance as actual '\(paired)', found the one at '\(actualPointer)'")
            }
            if let paired = pairedInstancesBack[actualPointer] {
                return fail(
                    expectedPointer, "actual instance at '\(actualPointer)' is also the one expected at '\(paired)'")
            }
            pairedInstances[expectedPointer] = actualPointer
            pairedInstancesBack[actualPointer] = expectedPointer
        }
        return compareContents(actual, at: actualPointer, with: expected, at: expectedPointer)
    }

    private mutating func compareContents(
        _ actual: TypedValue, at actualPointer: String, with expected: TypedValue, at expectedPointer: String
    ) -> Bool {
        let here = expectedPointer
        func sameKind(_ actualMutable: Bool, _ expectedMutable: Bool) -> Bool {
            options.ignoresMutability || actualMutable == expectedMutable
        }
        let kindMismatch =
            "expected \(expected.typeName) \(expected.summary), found \(actual.typeName) \(actual.summary)"
        switch (actual, expected) {
        case (.absent, .absent), (.null, .null):
            return true
        case let (.bool(a), .bool(e)):
            return a == e || fail(here, kindMismatch)
        case let (.int(a), .bool(e)) where options.acceptsIntegerForBool:
            return a == (e ? 1 : 0) || fail(here, kindMismatch)
        case let (.int(a), .int(e)):
            return a == e || fail(here, kindMismatch)
        case let (.float(a), .float(e)), let (.double(a), .double(e)):
            return Self.sameFloatingPoint(a, e) || fail(here, kindMismatch)
        case let (_, .number(e)):
            guard let a = actual.numericValue else { return fail(here, kindMismatch) }
            return Self.sameFloatingPoint(a, e) || fail(here, kindMismatch)
        case let (.string(a, am), .string(e, em)):
            return (a == e && sameKind(am, em)) || fail(here, kindMismatch)
        case let (.data(a, am), .data(e, em)):
            return (a == e && sameKind(am, em)) || fail(here, kindMismatch)
        case let (.date(a), .date(e)):
            return a == e || fail(here, kindMismatch)
        case let (.url(ar, ab, aa), .url(er, eb, ea)):
            guard ar == er, aa == ea else { return fail(here, kindMismatch) }
            switch (ab, eb) {
            case (nil, nil): return true
            case let (a?, e?): return compare(a.value, at: actualPointer + "/base", with: e.value, at: here + "/base")
            default: return fail(here, "base URL present on one side only")
            }
        case let (.array(a, am), .array(e, em)), let (.orderedSet(a, am), .orderedSet(e, em)):
            guard sameKind(am, em) else { return fail(here, kindMismatch) }
            guard a.count == e.count else { return fail(here, "expected \(e.count) items, found \(a.count)") }
            var matches = true
            for index in a.indices {
                matches =
                    compare(
                        a[index], at: "\(actualPointer)/items/\(index)", with: e[index], at: "\(here)/items/\(index)")
                    && matches
            }
            return matches
        case let (.set(a, am), .set(e, em)):
            guard sameKind(am, em) else { return fail(here, kindMismatch) }
            guard a.count == e.count else { return fail(here, "expected \(e.count) items, found \(a.count)") }
            var unused = Set(a.indices)
            for (expectedIndex, item) in e.enumerated() {
                let match = unused.sorted().first {
                    trial(a[$0], at: "\(actualPointer)/items/\($0)", with: item, at: "\(here)/items/\(expectedIndex)")
                }
                guard let match else {
                    return fail("\(here)/items/\(expectedIndex)", "no matching item in the actual set")
                }
                unused.remove(match)
            }
            return true
        case let (.dictionary(a, am), .dictionary(e, em)):
            guard sameKind(am, em) else { return fail(here, kindMismatch) }
            guard a.count == e.count else { return fail(here, "expected \(e.count) entries, found \(a.count)") }
            var unused = Set(a.indices)
            var matches = true
            for (expectedIndex, entry) in e.enumerated() {
                let match = unused.sorted().first {
                    trial(
                        a[$0].key, at: "\(actualPointer)/entries/\($0)/0", with: entry.key,
                        at: "\(here)/entries/\(expectedIndex)/0")
                }
                guard let match else {
                    matches = fail("\(here)/entries/\(expectedIndex)", "key \(entry.key.summary) missing")
                    continue
                }
                unused.remove(match)
                matches =
                    compare(
                        a[match].value, at: "\(actualPointer)/entries/\(match)/1", with: entry.value,
                        at: "\(here)/entries/\(expectedIndex)/1") && matches
            }
            return matches
        case let (.indexSet(a, am), .indexSet(e, em)):
            return (a == e && sameKind(am, em)) || fail(here, kindMismatch)
        case let (.object(ac, ap), .object(ec, ep)):
            guard ac == ec else { return fail(here, "expected an object of class \(ec), found class \(ac)") }
            var matches = true
            for property in ep {
                let childPointer = "\(here)/properties/\(JSONPointer.escape(property.name))"
                guard let found = ap.first(where: { $0.name == property.name }) else {
                    if property.value == .absent && options.allowsMissingAbsentProperties { continue }
                    matches = fail(childPointer, "property missing")
                    continue
                }
                matches =
                    compare(
                        found.value, at: "\(actualPointer)/properties/\(JSONPointer.escape(found.name))",
                        with: property.value, at: childPointer) && matches
            }
            for extra in ap where extra.value != .absent && !ep.contains(where: { $0.name == extra.name }) {
                matches = fail(here, "unexpected property '\(extra.name)'")
            }
            return matches
        default:
            return fail(here, kindMismatch)
        }
    }

    private static func sameFloatingPoint(_ a: Double, _ e: Double) -> Bool {
        (a == e && a.sign == e.sign) || (a.isNaN && e.isNaN)
    }
}

extension TypedValue {
    /// Kinds whose identity the scheme records with `sameAs`.
    var isReferenceLike: Bool {
        switch self {
        case .array, .dictionary, .set, .orderedSet, .indexSet, .object: true
        case let .string(_, mutable), let .data(_, mutable): mutable
        default: false
        }
    }

    var numericValue: Double? {
        switch self {
        case let .int(value): Double(value)
        case let .float(value), let .double(value), let .number(value): value
        default: nil
        }
    }

    /// A short rendering for messages.
    var summary: String {
        switch self {
        case let .bool(value): "\(value)"
        case let .int(value): "\(value)"
        case let .float(value), let .double(value), let .number(value): "\(value)"
        case let .string(value, _): "\"\(value.prefix(40))\""
        case let .data(bytes, _): "(\(bytes.count) bytes)"
        case let .date(seconds): "(\(seconds) s since 2001)"
        case let .url(_, _, absolute): "<\(absolute)>"
        case let .array(items, _), let .set(items, _), let .orderedSet(items, _): "(\(items.count) items)"
        case let .dictionary(entries, _): "(\(entries.count) entries)"
        case let .object(className, _): "(\(className))"
        case let .sameAs(pointer): "'\(pointer)'"
        default: ""
        }
    }
}
