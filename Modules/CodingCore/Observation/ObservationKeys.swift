import Observation

/// The names an `@Observable` class's properties are archived under.
///
/// The `@Observable` macro moves each stored property `volume` into a storage property
/// `_volume` and adds `_$observationRegistrar`, so the coding keys Swift synthesizes for such a
/// class are `_volume` and `_$observationRegistrar`. Every kit writes those keys under the
/// declared names instead: `_volume` as `volume`, the registrar not at all. The rule applies to
/// a coding-key type that has a `_$observationRegistrar` case (the synthesized keys of an
/// `@Observable` class); keys a type declares itself (its own `CodingKeys` enum without that
/// case) are written as declared. Reading accepts both `volume` and the `_volume` of files
/// written before.
package enum ObservationKeys {
    /// The coding key the macro's registrar property synthesizes.
    package static let registrarKey = "_$observationRegistrar"

    /// Whether `Key` is the synthesized coding-key type of an `@Observable` class: it has the
    /// registrar's case, and (unlike a key type made from any string) no case for `""`.
    @inline(__always)
    package static func apply<Key: CodingKey>(to _: Key.Type) -> Bool {
        Key(stringValue: registrarKey) != nil && Key(stringValue: "") == nil
    }

    /// The archive name of a coding key (or stored property label) of an `@Observable` class:
    /// the macro's `_` prefix removed; `nil` for the registrar, which is not archived.
    package static func archiveName(_ name: String) -> String? {
        if name == registrarKey { return nil }
        guard name.utf8.count > 1, name.utf8.first == UInt8(ascii: "_") else { return name }
        return String(name.dropFirst())
    }

    /// The coding key of `Key` an archive name stands for: the macro's storage key (`_volume`)
    /// first, then the name itself (a property the macro leaves alone, or a file written before).
    package static func codingKey<Key: CodingKey>(_: Key.Type, forArchiveName name: String) -> Key? {
        Key(stringValue: "_" + name) ?? Key(stringValue: name)
    }

    /// `makeBase`'s container, presented with the archive names of `Key` when `Key` is the
    /// synthesized coding-key type of an `@Observable` class; `nil` for any other `Key`.
    package static func encodingContainer<Key: CodingKey>(
        keyedBy _: Key.Type, _ makeBase: () -> KeyedEncodingContainer<ArchiveCodingKey>
    ) -> KeyedEncodingContainer<Key>? {
        guard apply(to: Key.self) else { return nil }
        return observedEncodingContainer(keyedBy: Key.self, base: makeBase())
    }

    /// `makeBase`'s container, read through the archive names of `Key` when `Key` is the
    /// synthesized coding-key type of an `@Observable` class; `nil` for any other `Key`.
    package static func decodingContainer<Key: CodingKey>(
        keyedBy _: Key.Type, _ makeBase: () throws -> KeyedDecodingContainer<ArchiveCodingKey>
    ) rethrows -> KeyedDecodingContainer<Key>? {
        guard apply(to: Key.self) else { return nil }
        return observedDecodingContainer(keyedBy: Key.self, base: try makeBase())
    }

    /// `base` presented with the archive names of `Key`, the synthesized coding-key type of an
    /// `@Observable` class (a coder's ``ObservedKeyTypes`` said so).
    package static func observedEncodingContainer<Key: CodingKey>(
        keyedBy _: Key.Type, base: KeyedEncodingContainer<ArchiveCodingKey>
    ) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ObservationKeyedEncodingContainer<Key>(base: base))
    }

    /// `base` read through the archive names of `Key`, the synthesized coding-key type of an
    /// `@Observable` class (a coder's ``ObservedKeyTypes`` said so).
    package static func observedDecodingContainer<Key: CodingKey>(
        keyedBy _: Key.Type, base: KeyedDecodingContainer<ArchiveCodingKey>
    ) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ObservationKeyedDecodingContainer<Key>(base: base))
    }

    /// A fresh registrar when `T` is `ObservationRegistrar` (asked for by a type that decodes
    /// its registrar key); `nil` otherwise.
    static func freshRegistrar<T>(_: T.Type) -> T? {
        T.self == ObservationRegistrar.self ? ObservationRegistrar() as? T : nil
    }
}
