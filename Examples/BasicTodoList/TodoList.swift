import BaseModelKit
import Foundation

/// The list, saved in BaseModelKit's default format: a binary property list. The bundled
/// `TodoList.plist` (an array of four strings) gives the starting items.
final class TodoList: BaseModel, ArraySettable {
    static var resourceBundle: Bundle? { Bundle.module }

    var items: [TodoItem] = []

    init() {}

    func setWithArray(_ array: [Any]) throws {
        items = TodoItem.instances(with: array)
    }
}
