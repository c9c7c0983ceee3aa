import CodingCore
import Foundation

/// Builds a ``KeyedObjectGraph`` from checked archive contents.
///
/// Each `$objects` entry is converted once: objects with identity get their graph identity
/// before their children are read (so cycles come out as references), immutable values are
/// remembered per UID. Nesting is limited by `maximumDepth`, inline property-list containers by
/// an expansion budget tied to the input size, and a value that refers to itself (a URL that is
/// its own base) is refused.
struct KeyedGraphReader {
    private let contents: KeyedArchiveContents
    private let maximumDepth: Int
    private var objectIDs: [Int: KeyedObjectID] = [:]
    private var objects: [KeyedArchiveObject] = []
    private var values: [Int: KeyedArchiveValue] = [:]
    private var inProgress: Set<Int> = []
    private var budget: Int
    private var stackSpace = StackSpace()

    init(contents: KeyedArchiveContents, maximumDepth: Int) {
        self.contents = contents
        self.maximumDepth = maximumDepth
        budget = 2 * contents.byteCount + 1024
    }

    mutating func read() throws -> KeyedObjectGraph {
        let root = try value(at: contents.root, depth: 0, place: "$top.root")
        return KeyedObjectGraph(root: root, objects: objects)
    }

    private var document: PlistDocument { contents.document }

    private func malformed(_ uid: Int, _ reason: String) -> KeyedArchiveError {
        .malformedObject(uid: uid, reason: reason)
    }

    /// The value of document object `index`, found at `place`.
    private mutating func value(at index: Int, depth: Int, place: @autoclosure () -> String) throws -> KeyedArchiveValue
    {
        guard depth <= maximumDepth else { throw KeyedArchiveError.nestingTooDeep(limit: maximumDepth, place: place()) }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw KeyedArchiveError.stackExhausted(depth: depth, place: place())
        }
        budget -= 1
        guard budget >= 0 else {
            throw KeyedArchiveError.malformedObject(
                uid: -1, reason: "shared inline values expand to more than the input can hold")
        }
        switch document.objects[index] {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .integer(let value, _): return .integer(value)
        case .unsignedInteger(let value): return .unsignedInteger(value)
        case .real(let value, _): return .real(value)
        case .date(let seconds): return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case .data(let data): return .data(document.data[Int(data)])
        case .string(let string): return .string(document.strings[Int(string)])
        case .text(let text): return .string(document.text(document.texts[Int(text)]))
        case .uid(let uid):
            guard uid != 0 else { return .nilReference }
            _ = try contents.entry(uid, place: place())
            return try object(Int(uid), depth: depth + 1)
        case .array(let items), .set(let items):
            var result: [KeyedArchiveValue] = []
            result.reserveCapacity(items.count)
            for position in 0..<items.count {
                let item = document.item(position, of: items)
                result.append(try value(at: item, depth: depth + 1, place: "\(place())[\(position)]"))
            }
            return .array(result)
        case .dictionary(let dictionary):
            var result: [KeyedArchiveProperty] = []
            result.reserveCapacity(dictionary.count)
            for entry in 0..<dictionary.count {
                let key = document.key(entry, of: dictionary)
                let item = document.value(entry, of: dictionary)
                result.append(
                    KeyedArchiveProperty(key, try value(at: item, depth: depth + 1, place: "\(place()).\(key)")))
            }
            return .dictionary(result)
        }
    }

    /// The value of `$objects[uid]`.
    private mutating func object(_ uid: Int, depth: Int) throws -> KeyedArchiveValue {
        if let id = objectIDs[uid] { return .object(id) }
        if let known = values[uid] { return known }
        guard !inProgress.contains(uid) else { throw KeyedArchiveError.referenceCycle(uid: uid) }
        let index = contents.checkedEntry(uid)
        guard case .dictionary(let dictionary) = document.objects[index],
            let classIndex = document.value(named: "$class", in: dictionary)
        else {
            inProgress.insert(uid)
            defer { inProgress.remove(uid) }
            let plain = try value(at: index, depth: depth, place: "$objects[\(uid)]")
            values[uid] = plain
            return plain
        }
        guard case .uid(let classUID) = document.objects[classIndex] else {
            throw malformed(uid, "'$class' is \(document.objects[classIndex].kindDescription), not a UID")
        }
        let (className, classes) = try contents.classDescription(classUID, of: uid)
        let fields = ObjectFields(uid: uid, dictionary: dictionary, document: document)

        switch className {
        case "NSString", "NSMutableString", "NSData", "NSMutableData", "NSDate", "NSURL", "NSNull":
            return try immutableOrSimple(className, fields, depth: depth)
        default:
            break
        }
        // Objects with identity: registered before their children are read.
        let id = KeyedObjectID(objects.count)
        objectIDs[uid] = id
        objects.append(.instance(className: className, classes: classes, properties: []))
        let built: KeyedArchiveObject
        switch className {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet":
            let items = try list(fields, key: "NS.objects", depth: depth)
            let mutable = className.hasPrefix("NSMutable")
            built = className.hasSuffix("Array") ? .array(items, mutable: mutable) : .set(items, mutable: mutable)
        case "NSOrderedSet", "NSMutableOrderedSet":
            var items: [KeyedArchiveValue] = []
            while let item = fields.index(of: "NS.object.\(items.count)") {
                items.append(try value(at: item, depth: depth, place: "$objects[\(uid)].NS.object.\(items.count)"))
            }
            built = .orderedSet(items, mutable: className == "NSMutableOrderedSet")
        case "NSDictionary", "NSMutableDictionary":
            let keys = try list(fields, key: "NS.keys", depth: depth)
            let values = try list(fields, key: "NS.objects", depth: depth)
            guard keys.count == values.count else {
                throw malformed(uid, "NS.keys holds \(keys.count) keys but NS.objects \(values.count) values")
            }
            built = .dictionary(
                zip(keys, values).map { KeyedArchiveEntry($0, $1) }, mutable: className == "NSMutableDictionary")
        default:
            var properties: [KeyedArchiveProperty] = []
            properties.reserveCapacity(dictionary.count - 1)
            for entry in 0..<dictionary.count {
                let key = document.key(entry, of: dictionary)
                guard key != "$class" else { continue }
                let item = document.value(entry, of: dictionary)
                properties.append(
                    KeyedArchiveProperty(key, try value(at: item, depth: depth, place: "$objects[\(uid)].\(key)")))
            }
            built = .instance(className: className, classes: classes, properties: properties)
        }
        objects[id.index] = built
        return .object(id)
    }

    /// One archived object's dictionary.
    private struct ObjectFields {
        let uid: Int
        let dictionary: PlistDictionary
        let document: PlistDocument

        /// The document index of the value under `key`, or `nil`.
        func index(of key: String) -> Int? {
            document.value(named: key, in: dictionary)
        }
    }

    private mutating func list(_ fields: ObjectFields, key: String, depth: Int) throws -> [KeyedArchiveValue] {
        guard let index = fields.index(of: key) else { return [] }
        guard case .array(let items) = document.objects[index] else {
            throw malformed(fields.uid, "\(key) is \(document.objects[index].kindDescription), not an array")
        }
        var result: [KeyedArchiveValue] = []
        result.reserveCapacity(items.count)
        for position in 0..<items.count {
            let item = document.item(position, of: items)
            result.append(try value(at: item, depth: depth, place: "$objects[\(fields.uid)].\(key)[\(position)]"))
        }
        return result
    }

    /// NSString, NSData (and their mutable forms), NSDate, NSURL and NSNull.
    private mutating func immutableOrSimple(
        _ className: String, _ fields: ObjectFields, depth: Int
    ) throws -> KeyedArchiveValue {
        let uid = fields.uid
        inProgress.insert(uid)
        defer { inProgress.remove(uid) }
        func field(_ key: String) throws -> KeyedArchiveValue {
            guard let index = fields.index(of: key) else { throw malformed(uid, "\(className) has no \(key)") }
            return try value(at: index, depth: depth, place: "$objects[\(uid)].\(key)")
        }
        let result: KeyedArchiveValue
        switch className {
        case "NSString", "NSMutableString":
            guard case .string(let string) = try field("NS.string") else {
                throw malformed(uid, "NS.string is not a string")
            }
            if className == "NSMutableString" {
                let id = KeyedObjectID(objects.count)
                objects.append(.mutableString(string))
                objectIDs[uid] = id
                return .object(id)
            }
            result = .string(string)
        case "NSData", "NSMutableData":
            guard case .data(let data) = try field("NS.data") else { throw malformed(uid, "NS.data is not data") }
            if className == "NSMutableData" {
                let id = KeyedObjectID(objects.count)
                objects.append(.mutableData(data))
                objectIDs[uid] = id
                return .object(id)
            }
            result = .data(data)
        case "NSDate":
            switch try field("NS.time") {
            case .real(let seconds):
                guard let date = Date(archivedSecondsSinceReferenceDate: seconds) else {
                    throw malformed(uid, "NS.time is NaN, not a point in time")
                }
                result = .date(date)
            case .integer(let seconds): result = .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
            default: throw malformed(uid, "NS.time is not a number")
            }
        case "NSURL":
            guard case .string(let relative) = try field("NS.relative") else {
                throw malformed(uid, "NS.relative is not a string")
            }
            let base = fields.index(of: "NS.base") == nil ? KeyedArchiveValue.nilReference : try field("NS.base")
            switch base {
            case .nilReference: result = .url(relative: relative, base: nil)
            case .url: result = .url(relative: relative, base: base)
            default: throw malformed(uid, "NS.base is not a URL")
            }
        default:
            result = .null
        }
        values[uid] = result
        return result
    }
}
