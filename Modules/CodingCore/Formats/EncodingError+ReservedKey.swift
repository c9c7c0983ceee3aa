extension EncodingError {
    /// The error a kit throws for a key its format keeps for itself (HRCoder's `$class` and
    /// `$alias`, a keyed archive's `$class` on an object): an archive holding it as a property
    /// or dictionary key would not read back as written, so the encoder refuses it rather than
    /// write a file that cannot be read.
    ///
    /// - Parameters:
    ///   - key: The key as written.
    ///   - format: The format's name, as a reader knows it ("HRCoder archives").
    ///   - meaning: What the format uses the key for ("an object's class name").
    ///   - codingPath: The coding path of the value written under the key.
    package static func reservedKey(
        _ key: String,
        format: String,
        meaning: String,
        codingPath: [any CodingKey]
    ) -> EncodingError {
        .invalidValue(
            key,
            Context(
                codingPath: codingPath,
                debugDescription: """
                    the key '\(key)' is reserved: \(format) use it for \(meaning), so an archive \
                    holding it as a key would not read back as written; use another key
                    """
            )
        )
    }
}
