/// A class an archive names, resolved for the type a decoder asked for, and which of
/// CodingCore's decoding protocols it adopts: the one resolution FastCoding, HRCoder and keyed
/// decoding share, with the one error they throw.
///
/// Each answer costs a registry lookup and conformance checks in the Swift runtime (several
/// hundred instructions each), so decoders keep them for the run, keyed as suits their format;
/// a decoder that needs only some of the protocols checks those itself rather than making a
/// `ClassResolution`.
@usableFromInline package struct ClassResolution {
    /// `@Reference` / `@StrongReference`: decoded through `decodeReference(_:assign:)`.
    package let isDeferredReference: Bool
    /// `TwoPhaseDecodable`: created empty and registered before its properties are read.
    package let isTwoPhase: Bool
    /// `AwakeAfterDecoding`: finished (and maybe replaced) by its awake hook.
    package let awakes: Bool
    /// The type as a class type, so that `init(from:)` returns an object reference directly
    /// (converting an `any Decodable` to `AnyObject` goes through the bridging machinery).
    package let objectType: (any (AnyObject & Decodable).Type)?

    /// The protocols `type` adopts.
    package init(_ type: Any.Type) {
        isDeferredReference = type is any DeferredReference.Type
        isTwoPhase = type is any TwoPhaseDecodable.Type
        awakes = type is any AwakeAfterDecoding.Type
        objectType = type as? any (AnyObject & Decodable).Type
    }

    /// The class `name` stands for in `registry` as a `T` (the type itself or a subclass), else
    /// the first of `superclasses` that does, as `NSKeyedUnarchiver` tries `$classes`; `NSObject`
    /// is never used.
    ///
    /// - Throws: `DecodingError.typeMismatch(T.self, …)` at `codingPath` whose underlying error is
    ///   the first ``ClassResolutionError``; `place` (such as "$class at 'items.0'") starts its
    ///   description when given.
    @inlinable
    package static func resolve<T: Decodable>(
        _ name: String, superclasses: ArraySlice<String> = [], as type: T.Type,
        in registry: ClassNameRegistry, codingPath: @autoclosure () -> [any CodingKey],
        place: @autoclosure () -> String? = nil
    ) throws -> T.Type {
        var firstError: ClassResolutionError?
        if name != "NSObject" {
            do {
                return try registry.resolveClass(named: name, as: type)
            } catch let error as ClassResolutionError {
                firstError = error
            }
        }
        for candidate in superclasses where candidate != "NSObject" {
            do {
                return try registry.resolveClass(named: candidate, as: type)
            } catch let error as ClassResolutionError {
                if firstError == nil { firstError = error }
            }
        }
        let error = firstError ?? .unknownClass(name: name, expected: "\(T.self)")
        throw DecodingError.typeMismatch(
            T.self,
            DecodingError.Context(
                codingPath: codingPath(), debugDescription: place().map { "\($0): \(error)" } ?? error.description,
                underlyingError: error))
    }
}
