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
    ///   (a file in the way is `ENOTDIR`, even when it is the last component; a URL whose path
    ///   holds U+FFFD is `EILSEQ`, see ``FileSystemPath``).
    package static func create(at url: URL, mode: mode_t = 0o755) throws(FolderCreationError) {
        let standardized = url.standardizedFileURL
        guard let path = FileSystemPath(standardized) else {
            throw FolderCreationError(path: standardized.path, code: FileSystemPath.refusal(of: standardized))
        }
        try create(at: path, mode: mode)
    }

    /// Creates the folder at `path` (any bytes) and any missing parents, as ``create(at:mode:)-(URL,_)``.
    package static func create(at path: FileSystemPath, mode: mode_t = 0o755) throws(FolderCreationError) {
        var info = stat()
        if path.withCString({ stat($0, &info) }) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw FolderCreationError(path: path.description, code: ENOTDIR)
            }
            return
        }
        // Missing, or a file somewhere above: the parents are made (or the file found) first.
        guard errno == ENOENT || errno == ENOTDIR else {
            throw FolderCreationError(path: path.description, code: errno)
        }
        let parent = path.folder
        if parent != path, parent.bytes != [UInt8(ascii: ".")] { try create(at: parent, mode: mode) }
        // A folder made by someone else in the meantime is as good as one made here.
        if path.withCString({ mkdir($0, mode) }) != 0, errno != EEXIST {
            throw FolderCreationError(path: path.description, code: errno)
        }
    }
}
