import Foundation

/// Compares a tree written by a conversion with the tree read back from its output, and names
/// the first place where they differ.
///
/// What the target cannot record by design does not count: integer widths, `float` read back
/// as an equal `double`, a property left out for an absent value, key order in dictionaries
/// with string keys, and, for targets without mutability (HRCoder, JSON, plist), whether a
/// container, string or data is mutable. Everything else must match: kinds, values, class
/// names, and sharing (a node shared in the written tree is one node when read back, and no
/// two separate containers or objects come back as one). The walk is iterative, so deep trees
/// and cycles end.
package struct InspectedTreeComparison {
    /// Whether mutability is part of what must match.
    package let keepsMutability: Bool

    /// Written node → (node it read back as, or `nil` for a plain value; where it was first met).
    private var matched: [ObjectIdentifier: (read: ObjectIdentifier?, location: Int)] = [:]
    /// Read-back node → written node, so that two written nodes never share one read-back node.
    private var matchedBack: [ObjectIdentifier: ObjectIdentifier] = [:]
    /// Where each compared pair sits: the parent's index and the step from it.
    private var locations: [(parent: Int, step: String)] = [(-1, "the root")]
    private var pending: [(written: InspectedValue, read: InspectedValue, location: Int)] = []

    package init(keepsMutability: Bool) {
        self.keepsMutability = keepsMutability
    }

    /// `nil` when `read` holds what `written` holds, else where and how they differ.
    package mutating func difference(written: InspectedValue, read: InspectedValue) -> String? {
        pending = [(written, read, 0)]
        while let (written, read, location) = pending.popLast() {
            if let problem = compare(written, read, at: location) {
                return "at \(describe(location)): \(problem)"
            }
        }
        return nil
    }

    // MARK: Values

    private mutating func compare(_ written: InspectedValue, _ read: InspectedValue, at location: Int) -> String? {
        let equal: Bool
        switch (written, read) {
        case (.absent, .absent), (.null, .null): equal = true
        case let (.bool(a), .bool(b)): equal = a == b
        case let (.integer(a, _), .integer(b, _)): equal = a == b
        case let (.float(a), .float(b)): equal = Self.same(Double(a), Double(b))
        case let (.float(a), .double(b)): equal = Self.same(Double(a), b)
        case let (.double(a), .double(b)): equal = Self.same(a, b)
        case let (.decimal(a), .decimal(b)): equal = a == b
        case let (.string(a), .string(b)): equal = a == b
        case let (.structValue(kind, fields), .structValue(readKind, readFields)):
            equal =
                kind == readKind && fields.count == readFields.count
                && zip(fields, readFields).allSatisfy { Self.same($0, $1) }
        case let (.url(relative, base), .url(readRelative, readBase)):
            guard relative == readRelative, (base == nil) == (readBase == nil) else { equal = false; break }
            if let base, let readBase { push(base, readBase, from: location, step: ".baseURL") }
            equal = true
        case let (.node(a), .node(b)):
            return compare(a, b, at: location)
        case let (.node(node), .string(text)):
            // A mutable string read back as a plain one, where mutability is not recorded; once only.
            guard !keepsMutability, case let .mutableString(other) = node.content else { equal = false; break }
            if let problem = match(node, nil, at: location) { return problem }
            equal = text == other
        case let (.string(text), .node(node)):
            guard !keepsMutability, case let .mutableString(other) = node.content else { equal = false; break }
            equal = text == other
        default: equal = false
        }
        return equal ? nil : mismatch(written, read)
    }

    /// Equal numbers of the same sign; NaN equals NaN (a file holds no NaN payload the suite reads).
    private static func same(_ a: Double, _ b: Double) -> Bool {
        (a.isNaN && b.isNaN) || (a == b && a.sign == b.sign)
    }

    // MARK: Nodes

    private mutating func compare(_ written: InspectedNode, _ read: InspectedNode, at location: Int) -> String? {
        // A node met again was compared the first time; only its identity is checked now.
        let isRevisit = written.isReferenceLike && matched[ObjectIdentifier(written)] != nil
        if let problem = match(written, read, at: location) { return problem }
        if isRevisit { return nil }
        switch (written.content, read.content) {
        case let (.mutableString(a), .mutableString(b)):
            return a == b ? nil : mismatch(.node(written), .node(read))
        case let (.data(a, mutable), .data(b, readMutable)):
            return a == b && sameMutability(mutable, readMutable) ? nil : mismatch(.node(written), .node(read))
        case let (.date(a), .date(b)):
            return a == b ? nil : mismatch(.node(written), .node(read))
        case let (.array(items, mutable), .array(readItems, readMutable)),
            let (.set(items, mutable), .set(readItems, readMutable)),
            let (.orderedSet(items, mutable), .orderedSet(readItems, readMutable)):
            guard items.count == readItems.count, sameMutability(mutable, readMutable) else {
                return mismatch(.node(written), .node(read))
            }
            for (index, pair) in zip(items, readItems).enumerated().reversed() {
                push(pair.0, pair.1, from: location, step: "[\(index)]")
            }
            return nil
        case let (.indexSet(ranges, mutable), .indexSet(readRanges, readMutable)):
            let same = ranges.elementsEqual(readRanges) { $0.location == $1.location && $0.length == $1.length }
            return same && sameMutability(mutable, readMutable) ? nil : mismatch(.node(written), .node(read))
        case let (.dictionary(entries, mutable), .dictionary(readEntries, readMutable)):
            guard entries.count == readEntries.count, sameMutability(mutable, readMutable) else {
                return mismatch(.node(written), .node(read))
            }
            return compareEntries(entries, readEntries, at: location)
        case let (.object(className, properties), .object(readClassName, readProperties)):
            guard className == readClassName else { return mismatch(.node(written), .node(read)) }
            return compareProperties(properties, readProperties, at: location)
        default:
            return mismatch(.node(written), .node(read))
        }
    }

    /// Pairs `written` with `read` (`nil`: a plain value) where the expected-value scheme records
    /// identity (containers, objects, mutable strings and data): a node met again must read back
    /// as the node it read back as before, and no read-back node may stand for two written ones.
    private mutating func match(_ written: InspectedNode, _ read: InspectedNode?, at location: Int) -> String? {
        guard written.isReferenceLike else { return nil }
        let writtenID = ObjectIdentifier(written)
        let readID = read.map(ObjectIdentifier.init)
        if let known = matched[writtenID] {
            if let readID, known.read == readID { return nil }
            return "the value shared with \(describe(known.location)) reads back as a separate copy"
        }
        if let readID {
            if matchedBack[readID] != nil {
                return "two separate values are written, but read back as one shared value"
            }
            matchedBack[readID] = writtenID
        }
        matched[writtenID] = (readID, location)
        return nil
    }

    private func sameMutability(_ a: Bool, _ b: Bool) -> Bool {
        !keepsMutability || a == b
    }

    private mutating func compareEntries(
        _ entries: [(key: InspectedValue, value: InspectedValue)],
        _ readEntries: [(key: InspectedValue, value: InspectedValue)],
        at location: Int
    ) -> String? {
        // String keys are matched by name (a writer may sort them); other keys in order.
        let names = entries.compactMap { stringKey($0.key) }
        let readNames = readEntries.compactMap { stringKey($0.key) }
        if names.count == entries.count, readNames.count == readEntries.count,
            Set(names).count == names.count, Set(readNames).count == readNames.count
        {
            let readByName = Dictionary(uniqueKeysWithValues: zip(readNames, readEntries.map(\.value)))
            for (name, entry) in zip(names, entries).reversed() {
                guard let value = readByName[name] else { return "the key '\(name)' does not read back" }
                push(entry.value, value, from: location, step: "['\(name)']")
            }
            return nil
        }
        for (index, pair) in zip(entries, readEntries).enumerated().reversed() {
            push(pair.0.value, pair.1.value, from: location, step: "[value of entry \(index)]")
            push(pair.0.key, pair.1.key, from: location, step: "[key of entry \(index)]")
        }
        return nil
    }

    private mutating func compareProperties(
        _ properties: [(name: String, value: InspectedValue)],
        _ readProperties: [(name: String, value: InspectedValue)],
        at location: Int
    ) -> String? {
        let read = Dictionary(readProperties.map { ($0.name, $0.value) }) { first, _ in first }
        let written = Dictionary(properties.map { ($0.name, $0.value) }) { first, _ in first }
        let names = properties.map(\.name) + readProperties.map(\.name).filter { written[$0] == nil }
        // A property left out reads back as absent, which is what an absent value writes.
        for name in names.reversed() {
            push(written[name] ?? .absent, read[name] ?? .absent, from: location, step: ".\(name)")
        }
        return nil
    }

    private func stringKey(_ key: InspectedValue) -> String? {
        switch key {
        case let .string(text): text
        case let .node(node):
            if !keepsMutability, case let .mutableString(text) = node.content { text } else { nil }
        default: nil
        }
    }

    // MARK: Locations and messages

    private mutating func push(_ written: InspectedValue, _ read: InspectedValue, from parent: Int, step: String) {
        locations.append((parent, step))
        pending.append((written, read, locations.count - 1))
    }

    private func describe(_ location: Int) -> String {
        var steps: [String] = []
        var index = location
        while index >= 0 {
            steps.append(locations[index].step)
            index = locations[index].parent
        }
        return steps.reversed().joined()
    }

    private func mismatch(_ written: InspectedValue, _ read: InspectedValue) -> String {
        "\(InspectedValueSummary.describe(written)) is written, but reads back as "
            + InspectedValueSummary.describe(read)
    }
}
