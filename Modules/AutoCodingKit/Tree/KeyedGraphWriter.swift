import Foundation

/// Writes a ``KeyedObjectGraph`` as a keyed archive: each object once (later mentions are UIDs
/// of the first), Foundation kinds with their `NS.*` keys, other classes with their properties.
struct KeyedGraphWriter {
    private let graph: KeyedObjectGraph
    private let maximumDepth: Int
    private var writer = KeyedArchiveWriter()
    private var uids: [Int: UInt64] = [:]
    private var nullReference: Int?

    init(graph: KeyedObjectGraph, maximumDepth: Int) {
        self.graph = graph
        self.maximumDepth = maximumDepth
    }

    mutating func write() throws -> Data {
        let root = try value(graph.root, inline: false, depth: 0)
        return try writer.finish(root: root)
    }

    /// The reference to put where `value` goes; `inline` allows scalars to stand in place
    /// (object properties) instead of in an `$objects` entry (collection items).
    private mutating func value(_ value: KeyedArchiveValue, inline: Bool, depth: Int) throws -> Int {
        guard depth <= maximumDepth else {
            throw KeyedArchiveError.nestingTooDeep(limit: maximumDepth, place: "a value being written")
        }
        switch value {
        case .nilReference:
            return writer.uidReference(0)
        case .null:
            if let nullReference { return nullReference }
            let reference = writer.foundationObject("NSNull", keys: [], values: [])
            nullReference = reference
            return reference
        case .bool(let bool):
            let reference = writer.plist.bool(bool)
            return inline ? reference : writer.entry(reference)
        case .integer(let integer):
            let reference = writer.plist.integer(integer)
            return inline ? reference : writer.entry(reference)
        case .unsignedInteger(let integer):
            let reference = writer.plist.unsignedInteger(integer)
            return inline ? reference : writer.entry(reference)
        case .real(let real):
            let reference = writer.plist.real(real)
            return inline ? reference : writer.entry(reference)
        case .string(let string):
            return writer.stringEntry(string)
        case .data(let data):
            return writer.entry(writer.plist.data(data))
        case .date(let date):
            let time = writer.plist.real(date.timeIntervalSinceReferenceDate)
            return writer.foundationObject("NSDate", keys: ["NS.time"], values: [time])
        case .url(let relative, let base):
            let baseReference =
                try base.map { try self.value($0, inline: false, depth: depth + 1) } ?? writer.uidReference(0)
            let relativeReference = writer.stringEntry(relative)
            return writer.foundationObject(
                "NSURL", keys: ["NS.base", "NS.relative"], values: [baseReference, relativeReference])
        case .array(let items):
            return writer.plist.array(try items.map { try self.value($0, inline: true, depth: depth + 1) })
        case .dictionary(let properties):
            let values = try properties.map { try self.value($0.value, inline: true, depth: depth + 1) }
            return writer.plist.dictionary(keys: properties.map { writer.string($0.key) }, values: values)
        case .object(let id):
            return try object(id, depth: depth + 1)
        }
    }

    private mutating func object(_ id: KeyedObjectID, depth: Int) throws -> Int {
        if let uid = uids[id.index] { return writer.uidReference(uid) }
        guard let object = graph[id] else {
            throw KeyedArchiveError.malformedObject(
                uid: -1, reason: "the graph refers to object \(id), which it does not hold")
        }
        let uid = writer.reserveUID()
        uids[id.index] = uid
        func items(_ values: [KeyedArchiveValue]) throws -> Int {
            writer.plist.array(try values.map { try self.value($0, inline: false, depth: depth) })
        }
        switch object {
        case .array(let values, let mutable):
            return writer.foundationObject(
                mutable ? "NSMutableArray" : "NSArray", keys: ["NS.objects"],
                values: [try items(values)], into: uid)
        case .set(let values, let mutable):
            return writer.foundationObject(
                mutable ? "NSMutableSet" : "NSSet", keys: ["NS.objects"],
                values: [try items(values)], into: uid)
        case .orderedSet(let values, let mutable):
            let references = try values.map { try self.value($0, inline: false, depth: depth) }
            return writer.foundationObject(
                mutable ? "NSMutableOrderedSet" : "NSOrderedSet",
                keys: references.indices.map { "NS.object.\($0)" }, values: references, into: uid)
        case .dictionary(let entries, let mutable):
            let keys = try items(entries.map(\.key))
            let values = try items(entries.map(\.value))
            return writer.foundationObject(
                mutable ? "NSMutableDictionary" : "NSDictionary", keys: ["NS.keys", "NS.objects"],
                values: [keys, values], into: uid)
        case .mutableString(let string):
            return writer.foundationObject(
                "NSMutableString", keys: ["NS.string"], values: [writer.string(string)], into: uid)
        case .mutableData(let data):
            return writer.foundationObject(
                "NSMutableData", keys: ["NS.data"], values: [writer.plist.data(data)], into: uid)
        case .instance(let className, let classes, let properties):
            var keys = [writer.classKeyReference]
            var values = [writer.classReference(className, chain: classes.isEmpty ? [className, "NSObject"] : classes)]
            for property in properties {
                keys.append(writer.string(property.key))
                values.append(try value(property.value, inline: true, depth: depth))
            }
            writer.setEntry(uid, reference: writer.plist.dictionary(keys: keys, values: values))
            return writer.uidReference(uid)
        }
    }
}
