/// Which coding-key types a coder has met are the synthesized keys of an `@Observable` class.
///
/// The answer takes two `init(stringValue:)` calls (a synthesized key enum's initializer compares
/// the string with every case) and run-time metadata for `Key?`: about 1,500 instructions, a
/// sixth of encoding a two-property struct. A coder keeps one of these for its run (or, for a
/// reused context, for its life) and asks it before each keyed container; a key type is looked
/// up once. A type's answer never changes.
@usableFromInline package struct ObservedKeyTypes {
    /// The key types met so far and their answers; a program codes a handful.
    @usableFromInline var answers: [(type: ObjectIdentifier, observed: Bool)] = []
    /// More key types than this are answered without being kept (a scan would cost more).
    @usableFromInline static let capacity = 32

    package init() {}

    /// Whether `Key` is an `@Observable` class's synthesized key type
    /// (``ObservationKeys/apply(to:)``), remembered.
    @inlinable
    package mutating func contains<Key: CodingKey>(_: Key.Type) -> Bool {
        let id = ObjectIdentifier(Key.self)
        for answer in answers where answer.type == id { return answer.observed }
        return learn(Key.self)
    }

    @usableFromInline @inline(never)
    mutating func learn<Key: CodingKey>(_: Key.Type) -> Bool {
        let observed = ObservationKeys.apply(to: Key.self)
        if answers.count < Self.capacity { answers.append((ObjectIdentifier(Key.self), observed)) }
        return observed
    }
}
