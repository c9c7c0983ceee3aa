import AutoCodingKit

/// The list, written as an `NSKeyedArchiver`-layout keyed archive (`TodoList.plist`); it starts empty.
struct TodoList: AutoModel {
    var items: [TodoItem] = []
}
