import Foundation

/// A model that gets, from its coded properties alone, a dictionary view, deep copies,
/// equality, hashing and a readable description: AutoCoding's `BUCAutoObject` in Swift.
///
/// Adopt it on a `Codable` struct or class and write nothing else:
///
/// ```swift
/// final class Person: AutoModel {
///     var name = ""
///     var friends: [Person] = []
///     init() {}
/// }
/// let copy = try person.deepCopy()                // an independent graph, sharing and cycles kept
/// print(person == copy)                           // true: compared property by property
/// print(person.propertyValues["name"] ?? "none")  // Ada
/// print(person)                                   // Person(name: "Ada", friends: [])
/// ```
///
/// "The properties" are exactly what the type's `Codable` conformance encodes: a property
/// left out of `CodingKeys` is left out of every member here, and a subclass takes part by
/// overriding `encode(to:)` and `init(from:)` (Swift synthesises `Codable` only on the class
/// that declares it), after which its keys appear everywhere too.
///
/// Equality compares the coded properties and the *shape* of the graph: an object met again
/// (shared, or a cycle) is compared as a reference to where it was first met, so two graphs
/// are equal when they hold equal values shared in the same places. `hash(into:)` hashes the
/// same canonical form, so equal models hash alike. Dictionary entries and set items are
/// compared in a sorted order.
public protocol AutoModel: Codable, Hashable, CustomStringConvertible {}

extension AutoModel {
    /// The coded properties as a dictionary: nested models become dictionaries, collections
    /// arrays and dictionaries, `nil` properties are omitted, and a `nil` inside an array or
    /// dictionary is `NSNull`, so items keep their positions and entries their keys.
    ///
    /// The view is a tree: a reference back to a model that encloses it (a cycle) is omitted,
    /// and a model shared by two properties appears (as a copy) under both. Values stay typed:
    /// `Int`, `Double`, `Bool`, `String`, `Data`, `Date`, `URL`, `UUID`, `Decimal`.
    public var propertyValues: [String: Any] {
        guard let graph = try? AutoModelArchive.graph(of: self) else { return [:] }
        return AutoModelValueConverter.propertyValues(of: graph)
    }

    /// Creates a model from a dictionary such as ``propertyValues``: nested models may be
    /// given as dictionaries, and absent optional properties may be left out.
    ///
    /// - Throws: `DecodingError` naming the key when a value is missing or of the wrong type.
    public init(propertyValues: [String: Any]) throws {
        let graph = try AutoModelValueConverter.graph(from: propertyValues)
        self = try KeyedArchiveDecoder().decode(Self.self, from: try KeyedArchiver.archivedData(with: graph))
    }

    /// An independent copy of the whole graph: every class instance is new, instances shared in
    /// the original are shared in the copy, and cycles are kept. Made by a keyed-archive round
    /// trip, so cycles need the suite's cycle contract (`@Reference`, `TwoPhaseDecodable`).
    ///
    /// - Throws: the encoding or decoding error when the model cannot make the round trip.
    public func deepCopy() throws -> Self {
        try KeyedArchiveDecoder().decode(Self.self, from: try KeyedArchiveEncoder().encode(self))
    }

    /// Writes the model as a binary keyed archive to `url`, atomically (AutoCoding's
    /// `writeToFile:atomically:`).
    public func writeKeyedArchive(to url: URL) throws {
        try KeyedArchiveFormat.keyedArchive.write(self, to: url)
    }

    /// Reads a model from the keyed archive (binary or XML) at `url`.
    public init(keyedArchiveAt url: URL) throws {
        self = try KeyedArchiveFormat.keyedArchive.read(Self.self, from: url)
    }

    /// The names of the coded properties, in the order `init(from:)` reads them; found by
    /// decoding the type from placeholder values once per call.
    ///
    /// A type whose `init(from:)` rejects placeholders (an enum that is not `CaseIterable`, a
    /// validated value) lists the keys read before the rejection; such types can implement
    /// `propertyKeys` themselves.
    public static var propertyKeys: [String] {
        PropertyKeyDiscovery.keys(of: Self.self)
    }

    /// Equal when the coded properties are equal (see ``AutoModel``).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        AutoModelRenderer.canonicalForm(of: lhs) == AutoModelRenderer.canonicalForm(of: rhs)
    }

    /// Hashes the coded properties, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(AutoModelRenderer.canonicalForm(of: self))
    }

    /// `TypeName(property: value, …)`, nested models inline, shared objects and cycles marked.
    public var description: String {
        AutoModelRenderer.readableDescription(of: self)
    }
}
