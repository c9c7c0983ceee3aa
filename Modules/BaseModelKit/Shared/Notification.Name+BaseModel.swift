import Foundation

extension Notification.Name {
    /// Posted by ``BaseModel/setSharedInstance(_:)`` and ``BaseModel/reloadSharedInstance()``
    /// when a model type's shared instance is replaced; the notification's `object` is the
    /// **old** instance. Posted synchronously on the thread that replaced it.
    public static let baseModelSharedInstanceUpdated = Notification.Name("BaseModelSharedInstanceUpdatedNotification")
}
