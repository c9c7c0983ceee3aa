/// A layer of a shared instance that could not be read: the model was made from the layers
/// below it, and must not be saved over the file until it is replaced.
struct SharedLoadFailure {
    /// Whether the resource file failed (else the saved data).
    let isResource: Bool
    /// The error, naming the file.
    let error: BaseModelError

    /// The error ``BaseModel/save()`` throws meanwhile.
    func refusal(type: String) -> BaseModelError {
        let (path, reason) = error.unreadable ?? ("", error.description)
        return isResource
            ? .unreadableResourceKept(type: type, path: path, reason: reason)
            : .unreadableSaveFileKept(type: type, path: path, reason: reason)
    }
}
