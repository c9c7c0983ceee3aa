/// The fix-up list of one decode: back-pointers waiting for objects that are still being built.
///
/// Every reference-keeping decoder keeps one and follows the same order when an object with
/// identity `id` finishes reading its properties (``finish(_:object:)``):
///
/// 1. the back-pointers recorded while it was being built receive the object;
/// 2. its ``AwakeAfterDecoding`` hook runs (once);
/// 3. the hook's result, which may be a replacement, is what later references receive.
///
/// This is the originals' order: FastCoding and NSCoding call the awake hook right after an
/// object's own values are read, and a replacement only reaches references made after it.
package struct PendingReferences<ObjectID: Hashable> {
    private struct Waiter {
        var codingPath: [any CodingKey]
        let expected: Any.Type
        let assign: (AnyObject) -> Bool
    }

    private var waiters: [ObjectID: [Waiter]] = [:]

    package init() {}

    /// Whether no back-pointer is waiting.
    package var isEmpty: Bool { waiters.isEmpty }

    /// Records that the back-pointer at `codingPath` waits for the object `target`.
    package mutating func add<Target: AnyObject>(
        waitingFor target: ObjectID,
        codingPath: [any CodingKey],
        assign: @escaping (Target?) -> Void
    ) {
        let waiter = Waiter(codingPath: codingPath, expected: Target.self) { object in
            guard let typed = object as? Target else { return false }
            assign(typed)
            return true
        }
        waiters[target, default: []].append(waiter)
    }

    /// Puts `prefix` in front of the coding paths of the back-pointers waiting for `id`.
    ///
    /// For decoders that record a waiting path relative to the object it waits for (building the
    /// full path for every back-pointer of a deep graph would cost time in the square of its
    /// depth): they call this once the object's own path is needed, e.g. when it failed.
    package mutating func prependCodingPath(_ prefix: [any CodingKey], toWaitersFor id: ObjectID) {
        guard !prefix.isEmpty, var waiting = waiters[id] else { return }
        for index in waiting.indices { waiting[index].codingPath = prefix + waiting[index].codingPath }
        waiters[id] = waiting
    }

    /// Fills the back-pointers waiting for `id`, runs its awake hook, and returns the object
    /// later references must receive.
    ///
    /// - Throws: `DecodingError.typeMismatch` naming the waiting back-pointer's coding path when
    ///   the object is not of the type that back-pointer expects; whatever the hook throws.
    package mutating func finish(_ id: ObjectID, object: AnyObject) throws -> AnyObject {
        if !waiters.isEmpty, let waiting = waiters.removeValue(forKey: id) {
            for waiter in waiting where !waiter.assign(object) {
                throw DecodingError.typeMismatch(
                    waiter.expected,
                    DecodingError.Context(
                        codingPath: waiter.codingPath,
                        debugDescription:
                            "back-reference expects \(waiter.expected) but points to a \(type(of: object))"
                    )
                )
            }
        }
        guard let awaking = object as? any AwakeAfterDecoding else { return object }
        return try awaking.awakeAfterDecoding()
    }

    /// Throws when a back-pointer is still waiting, i.e. it points to an object that never
    /// finished decoding. Decoders call it before the top-level decode returns.
    package func checkAllResolved() throws {
        guard let waiting = waiters.values.first?.first else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: waiting.codingPath,
                debugDescription: "back-reference to a \(waiting.expected) that never finished decoding"
            )
        )
    }
}
