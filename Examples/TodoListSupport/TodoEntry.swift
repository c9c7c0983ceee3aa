import Foundation

/// One item of a todo list as the shared commands see it, whatever model type a program keeps.
public struct TodoEntry: Equatable, Sendable {
    /// What to do.
    public var label: String
    /// Whether it is done.
    public var checked: Bool
    /// When it was added.
    public var created: Date
    /// The item's stable identifier, for programs whose items keep one (so that an item moved
    /// to another file is recognised there); `nil` for a new item, or where items keep none.
    public var id: String?

    /// An item labelled `label`, not done, created at `created` (now by default).
    public init(label: String, checked: Bool = false, created: Date = Date(), id: String? = nil) {
        self.label = label
        self.checked = checked
        self.created = created
        self.id = id
    }
}
