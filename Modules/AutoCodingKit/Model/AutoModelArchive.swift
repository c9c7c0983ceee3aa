import Foundation

/// The keyed-archive round trip the ``AutoModel`` members build on.
enum AutoModelArchive {
    /// The untyped graph of `value`'s keyed archive.
    static func graph<T: Encodable>(of value: T) throws -> KeyedObjectGraph {
        try KeyedUnarchiver.objectGraph(from: try KeyedArchiveEncoder().encode(value))
    }
}
