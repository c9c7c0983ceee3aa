/// A property list the reader refuses: what is wrong, and the byte offset where it is.
///
/// Kits map it once, at their API, to their own error (AutoCodingKit's
/// `malformedBinaryPlist(offset:reason:)`, CryptoCodingKit's `legacyArchiveMalformed(reason:)`),
/// keeping the offset.
package struct PlistError: Error, Sendable, Equatable {
    /// The byte offset of the object, marker or trailer field at fault.
    package let offset: Int
    /// What is wrong, as a clause ("offset size 9 is not 1...8").
    package let reason: String

    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}
