/// What one call learned about the class definition of a type, kept for later calls in
/// ``FastEncodingContext/learnedDefinitions``.
///
/// A later call writes `keys` without running the discovery pass, but only after checking that
/// its first instance of the type writes exactly these keys in this order (the keys a discovery
/// pass over that instance would have found); otherwise it rolls back and discovers them, so the
/// bytes are those of an encoder that learns every type from scratch.
struct LearnedDefinition: Sendable {
    /// The keys of the type's class definition, or `nil` when its values do not use a keyed container.
    let keys: [String]?
    /// The recorded name of a non-class type (a class's name can change with its registry).
    let name: String?
    /// `false` once an instance did not match what an earlier one taught: always discover then.
    let isReliable: Bool
}
