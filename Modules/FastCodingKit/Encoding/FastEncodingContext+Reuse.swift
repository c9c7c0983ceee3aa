/// Contexts kept between calls (see ``EncodingContextPool``).
extension FastEncodingContext {
    /// Idle contexts of earlier calls, shared by all encoders.
    static let idleContexts = EncodingContextPool()

    /// A context for one `encode` call of a `root` value, sized from the last archive of that
    /// type: an idle one if there is one, otherwise a new one.
    static func forCall<Root>(
        root: Root.Type, registry: ClassNameRegistry, maximumDepth: Int,
        userInfo: [CodingUserInfoKey: any Sendable]
    ) -> FastEncodingContext {
        let rootID = ObjectIdentifier(root)
        guard let context = idleContexts.take() else {
            return FastEncodingContext(
                registry: registry, maximumDepth: maximumDepth, userInfo: userInfo,
                sizeHint: sizeHints.value(for: rootID) ?? ArchiveSizeHint())
        }
        // The context's own last archive of this type saves a look-up in the shared table (a
        // hint another thread stored since is only a better guess, never needed for the bytes).
        let sizeHint =
            if let last = context.lastArchive, last.root == rootID { last.size } else {
                sizeHints.value(for: rootID) ?? ArchiveSizeHint()
            }
        context.registry = registry
        context.maximumDepth = maximumDepth
        context.stackSpace = StackSpace()
        context.sendableUserInfo = userInfo
        context.sizeHint = sizeHint
        context.output.removeAll(reservingCapacity: sizeHint.bufferCapacity)
        context.stringTable.removeAll(capacity: sizeHint.stringCapacity)
        context.instanceSlots.removeAll(capacity: sizeHint.instanceCapacity)
        return context
    }

    /// After a call that succeeded: clears `context` and keeps it for a later call, unless
    /// something else still holds it (an `encode(to:)` may keep its `Encoder` or a container,
    /// which then keep working on a context no other call uses) or its tables grew large.
    static func keepIfUnused(_ context: inout FastEncodingContext) {
        guard isKnownUniquelyReferenced(&context), context.isSmallEnoughToKeep else { return }
        context.clearForReuse()
        idleContexts.put(context)
    }

    /// Whether every table is small enough to keep idle (a few kilobytes in all).
    private var isSmallEnoughToKeep: Bool {
        frames.count == 0 && frames.capacity <= 64 && stringTable.bucketCount <= 1024
            && instanceSlots.bucketCount <= 1024 && retained.capacity <= 512 && definitions.capacity <= 64
    }

    /// Releases what the last call held (its instances, definitions, user info) and resets the
    /// counters; the tables are cleared when the context is next used.
    private func clearForReuse() {
        if !retained.isEmpty { retained.removeAll(keepingCapacity: true) }
        // Emptied from the end: `removeAll(keepingCapacity:)` costs more for the few entries here.
        while let definition = definitions.popLast() { definition.deallocateTags() }
        while currentDefinitions.popLast() != nil {}
        if !urlSlots.isEmpty { urlSlots = [:] }
        if !sendableUserInfo.isEmpty { sendableUserInfo = [:] }
        if !explicitKeys.isEmpty { explicitKeys.removeAll() }
        stringCount = 0
        objectCount = 0
        classCount = 0
        currentFrame = -1
        deferredError = nil
        pendingRestart = -1
        if !nestedKeys.isEmpty { nestedKeys.removeAll() }
        while wrapperDefinitions.popLast() != nil {}
    }
}
