import Foundation

/// Loads each model type's resource file once and keeps what it held, so every new instance
/// gets the defaults without reading the file again.
///
/// A plain property list or JSON file is kept parsed; a file in a kit's format is kept as bytes
/// and decoded for each instance, so instances never share objects.
enum ResourceDefaults {
    private enum Cached: @unchecked Sendable {  // the parsed trees are immutable Foundation values
        case missing
        case object(Any)
        case archive(Data, source: String)
    }

    private static let cache = Locked<[ObjectIdentifier: Cached]>([:])

    /// The types whose resource is being applied on this thread: a nested instance of the same
    /// type gets its set-up values only, as in the original (no endless recursion).
    private static let applyingKey = "BaseModelKit.ResourceDefaults.applying"

    /// What the resource file of `Model` holds, or `nil` when it has none (or is applying it now).
    static func content<Model: BaseModel>(for model: Model.Type) throws -> DecodedContent<Model>? {
        let id = ObjectIdentifier(model)
        if isApplying(id) { return nil }
        let cached = try cache.update { entries -> Cached in
            if let cached = entries[id] { return cached }
            let loaded = try load(model)
            entries[id] = loaded
            return loaded
        }
        switch cached {
        case .missing:
            return nil
        case let .object(object):
            return .object(object)
        case let .archive(data, source):
            return try applying(model) { try model.content(of: data, source: source) }
        }
    }

    /// Runs `body` marked as applying `model`'s resource on this thread.
    static func applying<Model, Result>(_ model: Model.Type, _ body: () throws -> Result) rethrows -> Result {
        let id = ObjectIdentifier(model)
        let dictionary = Thread.current.threadDictionary
        let before = dictionary[applyingKey] as? Set<ObjectIdentifier> ?? []
        dictionary[applyingKey] = before.union([id])
        defer { dictionary[applyingKey] = before }
        return try body()
    }

    private static func isApplying(_ id: ObjectIdentifier) -> Bool {
        (Thread.current.threadDictionary[applyingKey] as? Set<ObjectIdentifier>)?.contains(id) ?? false
    }

    private static func load<Model: BaseModel>(_ model: Model.Type) throws -> Cached {
        guard let url = location(of: model) else { return .missing }
        let data = try model.fileData(at: url)
        switch try applying(model, { try model.content(of: data, source: url.path) }) {
        case .object(let object):
            return .object(object)
        case .model:
            return .archive(data, source: url.path)
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
