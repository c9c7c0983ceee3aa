/// A ten-item todo list as structs (the `todo-struct` workload).
struct TodoListValue: Codable, Equatable, Sendable {
    var name: String
    var items: [TodoEntry]
}
