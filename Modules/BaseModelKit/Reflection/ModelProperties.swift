import Foundation

/// A model's stored properties as reflection sees them: names, current values and declared types,
/// the subclass's first (as the original's `allPropertyKeys`).
struct ModelProperties {
    struct Property {
        let name: String
        /// The current value, still wrapped in its `Optional` when it is one.
        let value: Any
        /// The declared type (`type(of:)` keeps `Optional<T>` even when the value is `nil`).
        let type: Any.Type
    }

    let properties: [Property]

    init(of model: AnyObject) {
        var properties: [Property] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            // An `@Observable` class's properties are stored as `_name` beside the macro's
            // registrar: listed under their declared names, as every coder archives them.
            let isObservable = current.children.contains { $0.label == ObservationKeys.registrarKey }
            for child in current.children {
                guard var label = child.label, !label.hasPrefix("$__lazy_storage_$_") else { continue }
                if isObservable {
                    guard let declared = ObservationKeys.archiveName(label) else { continue }
                    label = declared
                }
                properties.append(Self.property(label: label, value: child.value))
            }
            mirror = current.superclassMirror
        }
        self.properties = properties
    }

    /// A property wrapper's storage `_name` is listed as `name` with the wrapped value.
    private static func property(label: String, value: Any) -> Property {
        if label.hasPrefix("_"), label.count > 1,
            let wrapped = Mirror(reflecting: value).children.first(where: { $0.label == "wrappedValue" })
        {
            return Property(name: String(label.dropFirst()), value: wrapped.value, type: type(of: wrapped.value))
        }
        return Property(name: label, value: value, type: type(of: value))
    }

    /// Declared types by property name (the first, i.e. most derived, declaration wins).
    var typesByName: [String: Any.Type] {
        Dictionary(properties.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    }

    /// Non-nil values in declaration order, subclass first, optionals unwrapped.
    var presentValues: [(name: String, value: Any)] {
        properties.compactMap { property in unwrappedOptional(property.value).map { (property.name, $0) } }
    }
}
