/// Which types are written and read as ``HRSpecialValue``s, asked once per type and run.
///
/// Asking means a conformance lookup in the Swift runtime (a few hundred instructions), and a
/// coder would ask for every value; a run meets few types, so a list searched by identity is
/// cheaper than the lookup.
struct HRSpecialTypes {
    private var answers: [(type: ObjectIdentifier, mayBeSpecial: Bool)] = []

    /// Whether a value of static type `type` may be a special value: `type` is one, or it is an
    /// optional (a dynamic cast looks through optionals, so `Date?` holding a date is one).
    mutating func mayBeSpecial(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        for answer in answers where answer.type == id { return answer.mayBeSpecial }
        let mayBeSpecial = type is any HRSpecialValue.Type || type is any HROptionalMarker.Type
        answers.append((id, mayBeSpecial))
        return mayBeSpecial
    }
}

/// Marks `Optional`, so ``HRSpecialTypes`` can tell optionals from other types.
protocol HROptionalMarker {}

extension Optional: HROptionalMarker {}
