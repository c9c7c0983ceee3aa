/// A class that fixes itself up after decoding, or replaces itself: the originals'
/// `awakeAfterFastCoding` and `awakeAfterUsingCoder:`.
///
/// Every reference-keeping decoder of the suite (FastCoding, HRCoder, keyed archives) calls
/// ``awakeAfterDecoding()`` once per object, right after the object's properties have been
/// read and the back-pointers waiting for it (``Reference``) have been filled. The object it
/// returns is what the decoder stores: references read later in the archive receive the
/// replacement, references read earlier keep the original, as in the originals. A back-pointer
/// *of* this object to an ancestor is still empty when the hook runs; it is filled when that
/// ancestor finishes.
///
/// Other decoders (JSON, property lists) do not call it.
public protocol AwakeAfterDecoding: AnyObject {
    /// Finishes the object after decoding; returns `self`, or the object that replaces it.
    ///
    /// A replacement must still be of the type the archive's readers expect at its positions,
    /// or their decoding fails with a type mismatch.
    func awakeAfterDecoding() throws -> AnyObject
}
