import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creating the folders files go in, with the system's reason when that fails (which
/// `FileManager` reports only as "error 512" on Linux).
package enum Folder {
    /// Creates the folder at `url` and any missing parents, each with `mode`, like `mkdir -p`.
    /// An existing folder is left as it is.
    ///
    /// - Throws: ``FolderCreationError`` naming the folder that could not be made and why
    ///   (a file in the way is `ENOTDIR`, even when it is the last component).
    package static func create(at url: URL, mode: mode_t = 0o755) throws(FolderCreationError) {
        try create(url.standardizedFileURL.path, mode: mode)
    }

    private static func create(_ path: String, mode: mode_t) throws(FolderCreationError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FolderCreationError(path: path, code: ENOTDIR) }
            return
        }
        // Missing, or a file somewhere above: the parents are made (or the file found) first.
        guard errno == ENOENT || errno == ENOTDIR else { throw FolderCreationError(path: path, code: errno) }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try create(parent, mode: mode) }
        // A folder made by someone else in the meantime is as good as one made here.
        if mkdir(path, mode) != 0, errno != EEXIST { throw FolderCreationError(path: path, code: errno) }
    }
}
