import Foundation

/// A thread-safe map between the class names recorded in archives and Swift class types.
///
/// This is the Swift face of `+[NSKeyedUnarchiver setClass:forClassName:]`: every format that
/// records class names (keyed archives, HRCoder's `$class`, FastCoding class definitions) asks
/// it which name to write for a class and which class a recorded name stands for. A class is
/// written under its registered name, or under its plain Swift name (`Person`) when it was
/// never registered.
///
/// Resolution follows the "secure coding" rule of the Objective-C originals: when a decoder
/// expects a value of static type `T`, the recorded name may only produce `T` or a subclass
/// of `T` (see ``resolveClass(named:as:)``).
public final class ClassNameRegistry: @unchecked Sendable {
    /// The registry the kits use unless a coder is given another one.
    public static let shared = ClassNameRegistry()

    private struct Entry {
        let type: AnyClass
        let archiveName: String
    }

    // Guarded by `lock`.
    private var classesByName: [String: AnyClass] = [:]
    private var entriesByType: [ObjectIdentifier: Entry] = [:]
    private let lock = NSLock()

    /// Creates an empty registry (tests and isolated coders use their own).
    public init() {}

    /// Registers `type` under `name` (default: its plain Swift name) and under `legacyNames`.
    ///
    /// The class is written as `name` from now on; archives that recorded any of `legacyNames`
    /// (the class's names before it was renamed) decode into it too. Registering a name again
    /// points it at the newer class.
    public func register<T: AnyObject>(_ type: T.Type, as name: String? = nil, legacyNames: [String] = []) {
        let archiveName = name ?? Self.plainName(of: type)
        lock.withLock {
            entriesByType[ObjectIdentifier(type)] = Entry(type: type, archiveName: archiveName)
            for recorded in [archiveName] + legacyNames {
                classesByName[recorded] = type
            }
        }
    }

    /// Forgets `type` and every name that points at it.
    public func unregister(_ type: AnyClass) {
        lock.withLock {
            entriesByType[ObjectIdentifier(type)] = nil
            classesByName = classesByName.filter { $0.value != type }
        }
    }

    /// The name an archive records for `type`: its registered name, else its plain Swift name.
    public func archiveName(for type: AnyClass) -> String {
        let registered = lock.withLock { entriesByType[ObjectIdentifier(type)]?.archiveName }
        return registered ?? Self.plainName(of: type)
    }

    /// The class that a name recorded in an archive stands for, when the decoder expects `T`.
    ///
    /// Looks in this order: a registered name (primary or legacy); `T` itself or a registered
    /// subclass of `T` whose plain or module-qualified name matches; a module-qualified run-time
    /// lookup (`MyApp.Person`); `<module of T>.<name>`. Whatever is found must be `T` or a
    /// subclass of `T`.
    ///
    /// - Throws: ``ClassResolutionError/unknownClass(name:expected:)`` when nothing is found,
    ///   ``ClassResolutionError/notASubclass(name:found:expected:)`` when the class found is
    ///   not `T` or a subclass of it.
    public func resolveClass<T>(named name: String, as expected: T.Type) throws -> T.Type {
        guard let found = lookUp(name, expecting: expected) else {
            throw ClassResolutionError.unknownClass(name: name, expected: Self.qualifiedName(of: expected))
        }
        guard let accepted = found as? T.Type else {
            throw ClassResolutionError.notASubclass(
                name: name,
                found: Self.qualifiedName(of: found),
                expected: Self.qualifiedName(of: expected)
            )
        }
        return accepted
    }

    /// The registered class for `name`, for untyped decoding (which never looks classes up at run time).
    ///
    /// - Throws: ``ClassResolutionError/unregisteredClass(name:)`` when the name is not registered.
    public func registeredClass(named name: String) throws -> AnyClass {
        guard let type = lock.withLock({ classesByName[name] }) else {
            throw ClassResolutionError.unregisteredClass(name: name)
        }
        return type
    }

    private func lookUp<T>(_ name: String, expecting expected: T.Type) -> Any.Type? {
        if let registered = lock.withLock({ classesByName[name] }) { return registered }
        if Self.matches(expected, name) { return expected }
        let subclass: AnyClass? = lock.withLock {
            entriesByType.values.first { $0.type is T.Type && Self.matches($0.type, name) }?.type
        }
        if let subclass { return subclass }
        // Only well-formed identifier paths reach the run-time lookup: `_typeByName` also
        // accepts mangled names, and archives are untrusted input.
        guard RuntimeTypeName.isWellFormed(name) else { return nil }
        if name.contains("."), let qualified = _typeByName(name) { return qualified }
        return _typeByName("\(Self.moduleName(of: expected)).\(name)")
    }

    private static func matches(_ type: Any.Type, _ name: String) -> Bool {
        plainName(of: type) == name || qualifiedName(of: type) == name
    }

    /// The plain Swift name of a type, as archives record it by default: `Person`, `Outer.Inner`.
    ///
    /// Private and local types lose their `(unknown context at $…)` parts, which change from
    /// build to build: a private class `Secret` is recorded as `Secret`.
    public static func plainName(of type: Any.Type) -> String {
        let qualified = qualifiedName(of: type)
        guard let dot = qualified.utf8.firstIndex(of: UInt8(ascii: ".")) else { return qualified }
        return String(qualified[qualified.utf8.index(after: dot)...])
    }

    /// The module-qualified Swift name of a type: `MyApp.Person` (worked out once per type),
    /// without the `(unknown context at $…)` parts of private and local types.
    public static func qualifiedName(of type: Any.Type) -> String {
        TypeNameCache.shared.qualifiedName(of: type)
    }

    private static func moduleName(of type: Any.Type) -> String {
        let qualified = qualifiedName(of: type)
        return qualified.utf8.firstIndex(of: UInt8(ascii: ".")).map { String(qualified[..<$0]) } ?? qualified
    }
}
