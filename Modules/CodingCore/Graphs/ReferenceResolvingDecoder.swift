/// A decoder of a reference-keeping format that can hand a back-pointer its target late.
///
/// The decoders of FastCodingKit, HRCoderKit and AutoCodingKit adopt it for the positions they
/// give to `init(from:)`. ``Reference`` and ``StrongReference`` call it; nothing else needs to.
package protocol ReferenceResolvingDecoder: Decoder {
    /// Decodes the object at the current position for a back-pointer property.
    ///
    /// Calls `assign` before returning when the value is `nil`, an object decoded earlier, or
    /// an object decoded here. When the position refers to an object that is still being
    /// decoded, records `assign` in the decoder's ``PendingReferences`` instead; the decoder calls
    /// it as soon as that object has finished, and in any case before the top-level decode
    /// returns.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the object is not a `Target`.
    func decodeReference<Target: AnyObject & Decodable>(
        _ type: Target.Type,
        assign: @escaping (Target?) -> Void
    ) throws
}
