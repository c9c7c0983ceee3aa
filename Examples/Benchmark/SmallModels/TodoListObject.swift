/// A ten-item todo list as final classes (the `todo-class` workload): ``TodoListValue``'s
/// fields and values.
final class TodoListObject: Codable {
    var name: String
    var items: [TodoEntryObject]

    init(_ list: TodoListValue) {
        name = list.name
        items = list.items.map(TodoEntryObject.init)
    }

    /// The value form, used to check a decoded list field by field.
    var value: TodoListValue { TodoListValue(name: name, items: items.map(\.value)) }
}
