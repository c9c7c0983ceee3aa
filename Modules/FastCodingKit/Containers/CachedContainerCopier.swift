/// Returns a cached keyed-container box as its container type, for ``KeyedContainerCache``.
///
/// `KeyedDecodingContainer<Key>` and `KeyedEncodingContainer<Key>` are resilient types of the
/// standard library: a generic function that returns one copies it through the type's metadata,
/// and looking that metadata up for a `Key` known only at run time costs about 200 instructions,
/// on every `container(keyedBy:)` call. A method of this class finds `Container`'s metadata in
/// the class's own (its `self`), so ``copy(_:)`` returns the box straight into the caller's
/// result without any look-up. It holds nothing: one copier per container type serves every
/// call on every thread (see ``KeyedContainerCache``).
final class CachedContainerCopier<Container>: Sendable {
    /// `box`, the one reference a `Container` holds, as that `Container`. Never inlined: inlined
    /// into a caller generic over the key type, it would look the container type's metadata up
    /// there again.
    @inline(never)
    func copy(_ box: AnyObject) -> Container {
        unsafeBitCast(box, to: Container.self)
    }
}
