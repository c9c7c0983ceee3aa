import Foundation

extension BaseModel {
    /// The type's shared-instance replacements as an asynchronous sequence: each
    /// ``setSharedInstance(_:)`` with a model and each ``reloadSharedInstance()`` yields a
    /// ``SharedInstanceUpdate``, a `Sendable` snapshot of the new instance.
    ///
    /// ```swift
    /// for await update in Settings.sharedUpdates {
    ///     let settings = try update.model()   // the caller's own copy
    ///     print(settings.volume)
    /// }
    /// ```
    ///
    /// Each access makes a new sequence that sees the replacements from then on; it keeps the
    /// newest one while its reader is busy (a settings screen wants the latest state, not every
    /// step). It ends when the task iterating it is cancelled. The
    /// `Notification.Name.baseModelSharedInstanceUpdated` notification is still posted.
    public static var sharedUpdates: SharedInstanceUpdates<Self> {
        SharedInstanceUpdates(snapshots: SharedUpdateChannels.stream(for: ObjectIdentifier(Self.self)))
    }
}
