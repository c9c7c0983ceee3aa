import Foundation

/// A model object that builds, shares, saves and loads itself: the Swift face of BaseModel.
///
/// Adopt it on a class with `Codable` properties and an `init()` that sets them up (the
/// original's `setUp`; `deinit` is its `tearDown`). Everything else has a default:
///
/// ```swift
/// final class Settings: BaseModel {
///     var volume = 5
///     var name: String?
///     init() {}
/// }
/// Settings.shared.volume = 7      // loaded lazily: init → resource defaults → saved data
/// try Settings.shared.save()      // Settings.plist (binary) in the save folder
/// ```
///
/// Each model chooses where and how it is stored with static properties (``saveFormat``,
/// ``storage``, ``saveFile``), so models of one program can each use a different format.
/// The static requirements use `Self` as the type they are called on: `Sub.shared` is the
/// subclass's own shared instance, while generic code called with `T == Base` sees the base.
public protocol BaseModel: AnyObject, Evolvable, CustomDebugStringConvertible {
    /// Creates a model with its set-up values (the original's `setUp`); no defaults or saved data yet.
    init()

    /// The format the model's save file is written in; the binary property list by default.
    ///
    /// Any ``ArchiveFormat`` works, from any kit: `.propertyList(.xml)`, `.json`,
    /// `.keyedArchive`, `.hrCodedJSON`, `.fastCoding`, `.encrypted(…)` …
    static var saveFormat: any ArchiveFormat { get }

    /// Further formats ``instance(contentsOf:)`` recognises besides ``saveFormat`` and the
    /// built-in plain formats (XML and binary property lists, JSON); empty by default.
    static var readableFormats: [any ArchiveFormat] { get }

    /// Where the shared instance is kept: a file (the default), `UserDefaults` or a ``SecretStore``.
    static var storage: BaseModelStorage { get }

    /// The save file: `<TypeName>.<saveFormat's extension>` by default. A relative path resolves
    /// against ``saveDirectory``; an absolute path (or one starting with `~`) is used as is.
    static var saveFile: String { get }

    /// The folder relative save files resolve against; ``SaveLocation/directory`` by default.
    static var saveDirectory: URL { get }

    /// The file of default values applied to every new instance: `<TypeName>.plist` by default
    /// (or `<TypeName>.json` when there is no `.plist`). Any format the model reads may be used.
    static var resourceFile: String { get }

    /// The bundle holding ``resourceFile``, for example your target's `Bundle.module`; `nil` by default.
    static var resourceBundle: Bundle? { get }

    /// A folder holding ``resourceFile``, tried before ``resourceBundle``; `nil` by default.
    static var resourceDirectory: URL? { get }

    /// Saves the model. By default only the shared instance saves (to ``storage``); other
    /// instances throw ``BaseModelError/notSharedInstance(type:)``. Override to save something
    /// else, for example the shared list that holds this item.
    func save() throws
}

extension BaseModel {
    /// The binary property list (the original's keyed-archive default needs AutoCodingKit).
    public static var saveFormat: any ArchiveFormat { .propertyList(.binary) }

    /// None besides the save format and the built-ins.
    public static var readableFormats: [any ArchiveFormat] { [] }

    /// A file.
    public static var storage: BaseModelStorage { .file }

    /// `<TypeName>.<saveFormat's file extension>`.
    public static var saveFile: String { "\(typeName).\(saveFormat.fileExtension)" }

    /// ``SaveLocation/directory``.
    public static var saveDirectory: URL { SaveLocation.directory }

    /// `<TypeName>.plist` (or `<TypeName>.json` when there is no `.plist`).
    public static var resourceFile: String { "\(typeName).plist" }

    /// No bundle.
    public static var resourceBundle: Bundle? { nil }

    /// No folder.
    public static var resourceDirectory: URL? { nil }

    /// Saves the shared instance; see ``saveSharedInstance()``.
    public func save() throws {
        try saveSharedInstance()
    }

    /// The type's name as error messages and default file names use it.
    static var typeName: String { String(describing: Self.self) }

    /// A new unique identifier: an uppercase UUID string of 36 characters, different on every call.
    public static func newUniqueIdentifier() -> String {
        UUID().uuidString.uppercased()
    }
}
