/// Which of CodingCore's cycle protocols a class adopts, worked out once per class and run.
///
/// Each answer is a conformance lookup in the Swift runtime, several hundred instructions; a
/// decode asks for every object, so ``HRDecodingState`` keeps the answers by type.
struct HRClassTraits {
    /// `@Reference` / `@StrongReference`: decoded through `decodeReference(_:assign:)`.
    let isDeferredReference: Bool
    /// `TwoPhaseDecodable`: created empty and registered before its properties are read.
    let isTwoPhase: Bool
    /// `AwakeAfterDecoding`: finished (and maybe replaced) by its awake hook.
    let awakes: Bool
    /// The type as a class type, so that `init(from:)` returns an object reference directly
    /// (converting an `any Decodable` to `AnyObject` goes through the bridging machinery).
    let objectType: (any (AnyObject & Decodable).Type)?

    init(_ type: Any.Type) {
        isDeferredReference = type is any DeferredReference.Type
        isTwoPhase = type is any TwoPhaseDecodable.Type
        awakes = type is any AwakeAfterDecoding.Type
        objectType = type as? any (AnyObject & Decodable).Type
    }
}
