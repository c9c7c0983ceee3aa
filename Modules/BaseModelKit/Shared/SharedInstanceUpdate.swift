import Foundation

/// One replacement of a model type's shared instance, as ``BaseModel/sharedUpdates`` delivers
/// it: a `Sendable` snapshot of the new instance, taken when it was set.
///
/// The snapshot crosses from the thread that replaced the instance to the task that iterates,
/// so Swift 6 accepts the loop on any actor without a box; ``model()`` makes the caller's own
/// copy from it, and `Model.shared` is the live instance.
public struct SharedInstanceUpdate<Model: BaseModel>: Sendable {
    /// The new instance's coded properties as a binary property list, or why they could not be.
    private let snapshot: Result<Data, BaseModelError>

    init(snapshot: Result<Data, BaseModelError>) {
        self.snapshot = snapshot
    }

    /// A new, independent model holding the values the shared instance had when it was set.
    ///
    /// - Throws: ``BaseModelError`` when the instance could not be coded as a property list.
    public func model() throws -> Model {
        let data = try snapshot.get()
        return try PropertyListArchiveFormat(.binary).decode(Model.self, from: data, over: Model())
    }
}
