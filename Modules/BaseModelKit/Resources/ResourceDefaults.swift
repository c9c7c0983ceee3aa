import Foundation

/// Loads each model type's resource file once and keeps what it held, so every new instance
/// gets the defaults without reading the file again.
///
/// A plain property list or JSON file is kept parsed; a file in a kit's format is kept as bytes
/// and decoded for each instance, so instances never share objects.
enum ResourceDefaults {
    private enum Cached: @unchecked Sendable {  // the parsed trees are immutable Foundation values
        case missing
        case tree(Any, size: Int, source: String)
        case archive(Data, source: String)
    }

    private static let cache = Locked<[ObjectIdentifier: Cached]>([:])

    /// The types whose resource is being applied on this thread: a resource that needs a new
    /// instance of its own type gets its set-up values only, as in the original (no endless
    /// recursion).
    private static let applyingKey = "BaseModelKit.ResourceDefaults.applying"

    /// `base` with the resource file of its type applied over it: each key the file holds
    /// replaces `base`'s. `base` itself when the type has no resource file.
    ///
    /// - Throws: ``BaseModelError`` naming the resource file when it cannot be read.
    static func layer<Model: BaseModel>(over base: Model) throws -> Model {
        let id = ObjectIdentifier(Model.self)
        if isApplying(id) { return base }
        let cached = try cache.update { entries -> Cached in
            if let cached = entries[id] { return cached }
            let loaded = try load(Model.self)
            entries[id] = loaded
            return loaded
        }
        return try applying(id) {
            switch cached {
            case .missing:
                return base
            case let .tree(tree, size, source):
                do {
                    return try Model.model(from: tree, over: base, inputSize: size, source: source)
                } catch let error as BaseModelError {
                    throw error.naming(source)
                } catch {
                    throw BaseModelError.invalidData(type: Model.typeName, path: source, reason: Model.reason(error))
                }
            case let .archive(data, source):
                return try Model.layered(data, over: base, source: source, formats: Model.resourceFormats)
            }
        }
    }

    private static func applying<Result>(_ id: ObjectIdentifier, _ body: () throws -> Result) rethrows -> Result {
        let dictionary = Thread.current.threadDictionary
        let before = dictionary[applyingKey] as? Set<ObjectIdentifier> ?? []
        dictionary[applyingKey] = before.union([id])
        defer { dictionary[applyingKey] = before }
        return try body()
    }

    private static func isApplying(_ id: ObjectIdentifier) -> Bool {
        (Thread.current.threadDictionary[applyingKey] as? Set<ObjectIdentifier>)?.contains(id) ?? false
    }

    /// Reads the resource file: parsed when it is a plain property list or JSON, else its bytes.
    private static func load<Model: BaseModel>(_ model: Model.Type) throws -> Cached {
        guard let url = location(of: model) else { return .missing }
        let data = try model.fileData(at: url)
        let plain = ArchiveFormatDetection.format(of: data, among: model.resourceFormats) as? any PlainObjectFormat
        guard let plain else { return .archive(data, source: url.path) }
        do {
            return .tree(try plain.object(from: data), size: data.count, source: url.path)
        } catch {
            throw BaseModelError.invalidData(
                type: model.typeName, path: url.path, reason: "as \(plain.identifier): \(model.reason(error))")
        }
    }

    /// The resource file's location: an absolute path as is, else in ``BaseModel/resourceDirectory``,
    /// else in ``BaseModel/resourceBundle``; `<Name>.json` is tried when `<Name>.plist` is missing.
    static func location<Model: BaseModel>(of model: Model.Type) -> URL? {
        let name = model.resourceFile
        var names = [name]
        if (name as NSString).pathExtension == "plist" {
            names.append((name as NSString).deletingPathExtension + ".json")
        }
        for name in names {
            if name.hasPrefix("/") {
                if FileManager.default.fileExists(atPath: name) { return URL(fileURLWithPath: name) }
                continue
            }
            if let folder = model.resourceDirectory {
                let url = folder.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
            if let bundle = model.resourceBundle, let url = bundle.url(forResource: name, withExtension: nil) {
                return url
            }
        }
        return nil
    }
}
