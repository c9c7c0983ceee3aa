import FastCodingKit
import Foundation

/// Converts between FastCodingKit's untyped tree and the tool's tree, keeping shared nodes shared.
struct FastValueConversion {
    private var inspected: [ObjectIdentifier: InspectedNode] = [:]
    private var fast: [ObjectIdentifier: FastReference] = [:]
    /// Nodes being written (their contents are not finished), to find cycles.
    private var open: Set<ObjectIdentifier> = []

    // MARK: FastCoding → tool

    mutating func inspect(_ value: FastValue) -> InspectedValue {
        switch value {
        case .absent: return .absent
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .integer(number): return .integer(number, width: nil)
        case let .float(number): return .float(number)
        case let .double(number): return .double(number)
        case let .decimal(number): return .decimal(number)
        case let .string(text): return .string(text)
        case let .url(relative, base): return .url(relative: relative, base: base.map { inspect($0) })
        case let .structValue(value): return Self.inspect(value)
        case let .reference(reference): return .node(inspect(reference))
        }
    }

    private mutating func inspect(_ reference: FastReference) -> InspectedNode {
        if let known = inspected[ObjectIdentifier(reference)] { return known }
        let node = InspectedNode(.mutableString(""))
        inspected[ObjectIdentifier(reference)] = node
        node.content = content(of: reference.content)
        return node
    }

    private mutating func content(of content: FastReference.Content) -> InspectedNode.Content {
        switch content {
        case let .mutableString(text): return .mutableString(text)
        case let .data(bytes, mutable): return .data(bytes, mutable: mutable)
        case let .date(date): return .date(date)
        case let .array(items, mutable): return .array(items.map { inspect($0) }, mutable: mutable)
        case let .dictionary(entries, mutable):
            return .dictionary(entries.map { (inspect($0.key), inspect($0.value)) }, mutable: mutable)
        case let .set(items, mutable): return .set(items.map { inspect($0) }, mutable: mutable)
        case let .orderedSet(items, mutable): return .orderedSet(items.map { inspect($0) }, mutable: mutable)
        case let .indexSet(ranges, mutable):
            return .indexSet(ranges.map { (Int64($0.location), Int64($0.length)) }, mutable: mutable)
        case let .object(className, properties):
            return .object(className: className, properties: properties.map { ($0.name, inspect($0.value)) })
        case let .codedObject(className, entries):
            return .object(
                className: className,
                properties: entries.map { entry in
                    if case let .string(name) = entry.key { return (name, inspect(entry.value)) }
                    return ("\(entry.key)", inspect(entry.value))
                })
        case let .keyedArchive(archive):
            return self.content(of: archive.content)
        }
    }

    private static func inspect(_ value: FastStructValue) -> InspectedValue {
        switch value {
        case let .point(x, y): .structValue(kind: "CGPoint", fields: [x, y])
        case let .size(width, height): .structValue(kind: "CGSize", fields: [width, height])
        case let .rect(x, y, width, height): .structValue(kind: "CGRect", fields: [x, y, width, height])
        case let .range(location, length): .structValue(kind: "NSRange", fields: [Double(location), Double(length)])
        case let .vector(dx, dy): .structValue(kind: "CGVector", fields: [dx, dy])
        case let .affineTransform(fields): .structValue(kind: "CGAffineTransform", fields: fields)
        case let .transform3D(fields): .structValue(kind: "CATransform3D", fields: fields)
        }
    }

    // MARK: tool → FastCoding

    mutating func fastValue(_ value: InspectedValue) throws -> FastValue {
        switch value {
        case .absent: return .absent
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .integer(number, _): return .integer(number)
        case let .float(number): return .float(number)
        case let .double(number): return .double(number)
        case let .decimal(number): return .decimal(number)
        case let .string(text): return .string(text)
        case let .url(relative, base): return .url(relative: relative, base: try base.map { try fastValue($0) })
        case let .structValue(kind, fields): return .structValue(try Self.structValue(kind, fields))
        case let .node(node): return .reference(try fastReference(node))
        }
    }

    private mutating func fastReference(_ node: InspectedNode) throws -> FastReference {
        let identity = ObjectIdentifier(node)
        if let known = fast[identity] {
            // Only mutable containers and objects take their object slot before their contents,
            // so only they can be referred to from inside themselves.
            if open.contains(identity), let kind = Self.immutableContainerKind(node.content) {
                throw InspectionError.cannotHold("fastcoding", "a cycle through an immutable \(kind)")
            }
            return known
        }
        let reference = FastReference(.mutableString(""))
        fast[identity] = reference
        open.insert(identity)
        defer { open.remove(identity) }
        reference.content = try fastContent(node.content)
        return reference
    }

    private static func immutableContainerKind(_ content: InspectedNode.Content) -> String? {
        switch content {
        case .array(_, mutable: false): "array"
        case .dictionary(_, mutable: false): "dictionary"
        case .set(_, mutable: false): "set"
        case .orderedSet(_, mutable: false): "ordered set"
        default: nil
        }
    }

    private mutating func fastContent(_ content: InspectedNode.Content) throws -> FastReference.Content {
        switch content {
        case let .mutableString(text): return .mutableString(text)
        case let .data(bytes, mutable): return .data(bytes, mutable: mutable)
        case let .date(date): return .date(date)
        case let .array(items, mutable): return .array(try items.map { try fastValue($0) }, mutable: mutable)
        case let .dictionary(entries, mutable):
            let written = try entries.map { FastEntry(key: try fastValue($0.key), value: try fastValue($0.value)) }
            return .dictionary(written, mutable: mutable)
        case let .set(items, mutable): return .set(try items.map { try fastValue($0) }, mutable: mutable)
        case let .orderedSet(items, mutable): return .orderedSet(try items.map { try fastValue($0) }, mutable: mutable)
        case let .indexSet(ranges, mutable):
            return .indexSet(
                try ranges.map { range in
                    guard let location = UInt32(exactly: range.location), let length = UInt32(exactly: range.length)
                    else {
                        throw InspectionError.cannotHold("fastcoding", "an index range beyond 32 bits (\(range))")
                    }
                    return FastIndexRange(location: location, length: length)
                }, mutable: mutable)
        case let .object(className, properties):
            let written = try properties.map { FastProperty($0.name, try fastValue($0.value)) }
            return .object(className: className, properties: written)
        }
    }

    private static func structValue(_ kind: String, _ fields: [Double]) throws -> FastStructValue {
        func uint32(_ value: Double) throws -> UInt32 {
            guard let number = UInt32(exactly: value) else {
                throw InspectionError.cannotHold("fastcoding", "an NSRange field \(value)")
            }
            return number
        }
        switch (kind, fields.count) {
        case ("CGPoint", 2): return .point(x: fields[0], y: fields[1])
        case ("CGSize", 2): return .size(width: fields[0], height: fields[1])
        case ("CGRect", 4): return .rect(x: fields[0], y: fields[1], width: fields[2], height: fields[3])
        case ("NSRange", 2): return .range(location: try uint32(fields[0]), length: try uint32(fields[1]))
        case ("CGVector", 2): return .vector(dx: fields[0], dy: fields[1])
        case ("CGAffineTransform", 6): return .affineTransform(fields)
        case ("CATransform3D", 16): return .transform3D(fields)
        default: throw InspectionError.cannotHold("fastcoding", "a \(kind) struct of \(fields.count) fields")
        }
    }
}
