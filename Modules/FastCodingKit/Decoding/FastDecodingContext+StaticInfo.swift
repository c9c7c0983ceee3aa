import CodingCore

/// What the decoder knows of a static type, learned once per process and kept per decode in
/// ``FastDecodingContext/staticInfos``: conformance checks are slow.
extension FastDecodingContext {
    /// How `decode(_:key:)` treats a static type.
    struct StaticInfo {
        /// Set when the type is read natively (opened once here, so no cast per value).
        let special: (any FastSpecialDecodable.Type)?
        let isClass: Bool
        let array: (any FastDecodableArray.Type)?
        /// `@Reference` / `@StrongReference`: decoded through ``decodeReference(_:assign:)``.
        let isDeferredReference: Bool
        /// None of the above nor a leaf `decode(_:key:)` reads directly: an object, a struct or
        /// an enum, read by `decodeComposite(_:key:isClass:)` (which a list of them calls straight).
        let isComposite: Bool
        /// Whether the type adopts `Evolvable`: asked only when a key is missing, so a type that
        /// does not adopt it never makes the decode's `EvolutionLookup`.
        let isEvolvable: Bool
    }

    /// Every type's ``StaticInfo``, learned once per process.
    static let sharedStaticInfos = SharedTypeCache<StaticInfo>()

    @inline(__always)
    func staticInfo<T>(_ type: T.Type) -> StaticInfo {
        if let info = staticInfos.info(for: ObjectIdentifier(type)) { return info }
        return learnStaticInfo(type)
    }

    /// The info of a type known only at run time (the type a frame was decoded as).
    func staticInfo(ofType type: Any.Type) -> StaticInfo {
        if let info = staticInfos.info(for: ObjectIdentifier(type)) { return info }
        return learnStaticInfo(type)
    }

    @inline(never)
    private func learnStaticInfo(_ type: Any.Type) -> StaticInfo {
        let id = ObjectIdentifier(type)
        let info = Self.sharedStaticInfos.value(for: id) {
            let special = type as? any FastSpecialDecodable.Type
            let array = type as? any FastDecodableArray.Type
            let isDeferredReference = type is any DeferredReference.Type
            return StaticInfo(
                special: special, isClass: type is AnyObject.Type, array: array,
                isDeferredReference: isDeferredReference,
                isComposite: special == nil && array == nil && !isDeferredReference && !Self.readsDirectly(type),
                isEvolvable: EvolutionLookup.isEvolvable(type))
        }
        staticInfos.store(info, for: id)
        return info
    }
}
