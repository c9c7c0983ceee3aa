/// Why a property list (binary or XML) cannot be read, and the byte offset where that shows.
///
/// Readers in the kits map it to their own error at their API, keeping the offset.
@usableFromInline package struct PlistFault: Error, Sendable, Equatable {
    package let offset: Int
    package let reason: String

    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}
