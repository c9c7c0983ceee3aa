import Foundation
import HRCoderKit

/// Converts between HRCoderKit's object graph and the tool's tree, keeping shared nodes shared.
///
/// HRCoder does not record mutability: read arrays and dictionaries are mutable, as the
/// original decodes them, and written nodes lose the distinction. URLs travel as HRCoder
/// writes them: `{"$class": "NSURL", "NS.relative": …, "NS.base": …}`.
struct HRGraphConversion {
    /// The name in messages of the format being written (`"hr-json"`, `"json"`, …).
    let targetName: String
    /// Plain targets (JSON, plist) hold no class names and no shared or cyclic nodes.
    let isPlain: Bool
    private var inspected: [Int: InspectedNode] = [:]
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var nodes: [HRObjectGraph.Node] = []
    private var open: Set<ObjectIdentifier> = []

    init(targetName: String, isPlain: Bool) {
        self.targetName = targetName
        self.isPlain = isPlain
    }

    // MARK: HRCoder → tool

    mutating func inspect(_ graph: HRObjectGraph) -> InspectedValue {
        inspect(graph.root, in: graph)
    }

    private mutating func inspect(_ number: Int, in graph: HRObjectGraph) -> InspectedValue {
        guard graph.nodes.indices.contains(number) else { return .absent }
        if let known = inspected[number] { return .node(known) }
        switch graph[number] {
        case let .scalar(value):
            switch value {
            case let .string(text): return .string(text)
            case let .integer(number): return .integer(number, width: nil)
            // Beyond Int64: a decimal holds every digit of a 128-bit integer.
            case let .wideInteger(number): return Decimal(string: number.description).map { .decimal($0) } ?? .null
            case let .real(number): return .double(number)
            case let .bool(flag): return .bool(flag)
            case let .date(date): return .node(InspectedNode(.date(date)))
            case let .data(bytes): return .node(InspectedNode(.data(bytes, mutable: false)))
            case .null, .array, .dictionary: return .null
            }
        case let .object(className, properties) where className == "NSURL":
            if let url = url(properties, in: graph) { return url }
            return .node(
                node(number) { converter in
                    .object(className: className, properties: converter.members(properties, in: graph))
                })
        case let .array(items):
            return .node(
                node(number) { converter in
                    .array(items.map { converter.inspect($0, in: graph) }, mutable: true)
                })
        case let .dictionary(entries):
            return .node(
                node(number) { converter in
                    .dictionary(
                        converter.members(entries, in: graph).map { (.string($0.name), $0.value) }, mutable: true)
                })
        case let .object(className, properties):
            return .node(
                node(number) { converter in
                    .object(className: className, properties: converter.members(properties, in: graph))
                })
        }
    }

    private mutating func node(
        _ number: Int, _ fill: (inout HRGraphConversion) -> InspectedNode.Content
    ) -> InspectedNode {
        let node = InspectedNode(.array([], mutable: false))
        inspected[number] = node
        node.content = fill(&self)
        return node
    }

    private mutating func members(
        _ entries: [String: Int], in graph: HRObjectGraph
    ) -> [(name: String, value: InspectedValue)] {
        entries.keys.sorted().map { ($0, inspect(entries[$0] ?? -1, in: graph)) }
    }

    private mutating func url(_ properties: [String: Int], in graph: HRObjectGraph) -> InspectedValue? {
        guard let relative = properties["NS.relative"], case let .scalar(.string(text)) = graph[relative],
            Set(properties.keys).isSubset(of: ["NS.relative", "NS.base"])
        else { return nil }
        var base: InspectedValue?
        if let baseNumber = properties["NS.base"] {
            guard case let .object("NSURL", baseProperties) = graph[baseNumber],
                let baseURL = url(baseProperties, in: graph)
            else { return nil }
            base = baseURL
        }
        return .url(relative: text, base: base)
    }

    // MARK: tool → HRCoder

    mutating func graph(_ root: InspectedValue) throws -> HRObjectGraph {
        let rootNumber = try number(root, at: "the root")
        return HRObjectGraph(root: rootNumber, nodes: nodes)
    }

    private mutating func add(_ node: HRObjectGraph.Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    private mutating func number(_ value: InspectedValue, at place: String) throws -> Int {
        switch value {
        case .absent: throw InspectionError.cannotHold(targetName, "a nil value outside an object (\(place))")
        case .null:
            if isPlain && targetName == "plist" { throw InspectionError.cannotHold(targetName, "null (\(place))") }
            return add(.scalar(.null))
        case let .bool(flag): return add(.scalar(.bool(flag)))
        case let .integer(number, _): return add(.scalar(.integer(number)))
        case let .float(number): return add(.scalar(.real(Double(number))))
        case let .double(number): return add(.scalar(.real(number)))
        case .decimal: throw InspectionError.cannotHold(targetName, "a decimal number (\(place))")
        case let .string(text): return add(.scalar(.string(text)))
        case let .url(relative, base):
            guard !isPlain else { throw InspectionError.cannotHold(targetName, "a URL (\(place))") }
            var properties = ["NS.relative": add(.scalar(.string(relative)))]
            if let base { properties["NS.base"] = try number(base, at: place) }
            return add(.object(className: "NSURL", properties: properties))
        case let .structValue(kind, _): throw InspectionError.cannotHold(targetName, "an NSValue \(kind) (\(place))")
        case let .node(node): return try number(node, at: place)
        }
    }

    private mutating func number(_ node: InspectedNode, at place: String) throws -> Int {
        let identity = ObjectIdentifier(node)
        switch node.content {
        case let .mutableString(text): return add(.scalar(.string(text)))
        case let .data(bytes, _):
            if isPlain && targetName == "json" { throw InspectionError.cannotHold(targetName, "data (\(place))") }
            return add(.scalar(.data(bytes)))
        case let .date(date):
            if isPlain && targetName == "json" { throw InspectionError.cannotHold(targetName, "a date (\(place))") }
            if targetName == "hr-xml" || targetName == "plist",
                date.timeIntervalSinceReferenceDate.rounded() != date.timeIntervalSinceReferenceDate
            {
                throw InspectionError.cannotHold(
                    targetName,
                    "a date with fractions of a second, as XML plist "
                        + "dates are whole seconds (\(place))")
            }
            return add(.scalar(.date(date)))
        default: break
        }
        if let known = numbers[identity] {
            guard isPlain else { return known }
            let what = open.contains(identity) ? "a cycle" : "a shared reference"
            throw InspectionError.cannotHold(targetName, "\(what) (\(place))")
        }
        let number = add(.scalar(.null))
        numbers[identity] = number
        open.insert(identity)
        defer { open.remove(identity) }
        nodes[number] = try content(node.content, at: place)
        return number
    }

    private mutating func content(_ content: InspectedNode.Content, at place: String) throws -> HRObjectGraph.Node {
        switch content {
        case let .array(items, _):
            return .array(try items.enumerated().map { try number($0.element, at: "\(place) item \($0.offset)") })
        case let .dictionary(entries, _):
            var members: [String: Int] = [:]
            for entry in entries {
                guard let key = Self.stringKey(entry.key) else {
                    throw InspectionError.cannotHold(targetName, "a dictionary key that is not a string (\(place))")
                }
                members[key] = try number(entry.value, at: "\(place) key '\(key)'")
            }
            return .dictionary(members)
        case let .object(className, properties):
            guard !isPlain else {
                throw InspectionError.cannotHold(targetName, "an object of class \(className) (\(place))")
            }
            var members: [String: Int] = [:]
            for property in properties {
                if case .absent = property.value { continue }  // HRCoder omits nil properties
                members[property.name] = try number(property.value, at: "\(place) property '\(property.name)'")
            }
            return .object(className: className, properties: members)
        case .set: throw InspectionError.cannotHold(targetName, "a set (\(place))")
        case .orderedSet: throw InspectionError.cannotHold(targetName, "an ordered set (\(place))")
        case .indexSet: throw InspectionError.cannotHold(targetName, "an index set (\(place))")
        case .mutableString, .data, .date: return .scalar(.null)
        }
    }

    private static func stringKey(_ key: InspectedValue) -> String? {
        switch key {
        case let .string(text): return text
        case let .node(node):
            if case let .mutableString(text) = node.content { return text }
            return nil
        default: return nil
        }
    }
}
