import Foundation

/// One item of a todo list as the shared commands see it, whatever model type a program keeps.
public struct TodoEntry: Equatable, Sendable {
    /// What to do.
    public var label: String
    /// Whether it is done.
    public var checked: Bool
    /// When it was added.
    public var created: Date

    /// An item labelled `label`, not done, created at `created` (now by default).
    public init(label: String, checked: Bool = false, created: Date = Date()) {
        self.label = label
        self.checked = checked
        self.created = created
    }
}
