/// The shape of a type name that may be looked up at run time: `Module.Type` or `Outer.Inner`.
///
/// Class names come from archives, which are untrusted. The Swift runtime's look-up also
/// accepts mangled names and would try to demangle whatever it is given, so only plain
/// identifier paths of a sensible length are passed to it.
enum RuntimeTypeName {
    /// The longest name passed to the run-time look-up, in UTF-8 bytes.
    static let maximumLength = 256

    /// Whether `name` is one or more Swift identifiers joined by single dots.
    static func isWellFormed(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maximumLength else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier)
    }

    private static func isIdentifier(_ component: Substring) -> Bool {
        guard let first = component.unicodeScalars.first else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return component.unicodeScalars.dropFirst().allSatisfy { $0.properties.isXIDContinue }
    }
}
