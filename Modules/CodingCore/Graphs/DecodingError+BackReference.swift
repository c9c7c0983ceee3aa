extension DecodingError {
    /// The error every kit throws when a value refers back to an object that is still being
    /// decoded and the property has not opted into deferred references.
    ///
    /// - Parameters:
    ///   - type: The type the decoder was asked for at the referring position.
    ///   - target: Where the unfinished object sits in the archive, as the format names places
    ///     (a key path, an object index); `nil` for the root.
    ///   - codingPath: The coding path of the referring position.
    package static func backReference(
        to type: Any.Type,
        target: String?,
        codingPath: [any CodingKey]
    ) -> DecodingError {
        let place = target.map { "'\($0)'" } ?? "the root"
        return .dataCorrupted(
            Context(
                codingPath: codingPath,
                debugDescription: """
                    back-reference to \(type) at \(place), which is still being decoded: a synthesized \
                    init(from:) cannot receive an unfinished object; declare the property @Reference \
                    or adopt TwoPhaseDecodable to decode cycles
                    """
            )
        )
    }
}
