import Foundation

/// The values of the small-archive workloads (fixed, so every run codes the same bytes).
enum SmallSamples {
    /// `pair`: two fields.
    static let pair = SmallPair(name: "window", count: 3)

    /// `settings`: six fields.
    static let settings = AppSettings(
        userName: "Ada Lovelace", theme: "dark", fontSize: 13.5, showsCompletedItems: true, launchCount: 42,
        lastOpened: Date(timeIntervalSinceReferenceDate: 786_000_000)
    )

    /// `todo-struct`: "Groceries" with ten items; `todo-class` codes the same values as objects.
    static let todoList = TodoListValue(
        name: "Groceries",
        items: (0..<10).map { index in
            TodoEntry(
                title: "Item \(index + 1)", done: index % 3 == 0, priority: index % 4,
                created: Date(timeIntervalSinceReferenceDate: 786_000_000 + Double(index) * 3_600)
            )
        }
    )
}
