/// A ten-item todo list as structs (issue 26's `todo-struct` workload).
struct TodoListValue: Codable, Equatable, Sendable {
    var name: String
    var items: [TodoEntry]
}
