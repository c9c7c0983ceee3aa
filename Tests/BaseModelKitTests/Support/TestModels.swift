import BaseModelKit
import Foundation

/// A model with one property of each kind the mapping converts.
final class Note: TestModel {
    var title = "untitled"
    var count = 0
    var small: Int8 = 0
    var unsigned: UInt = 0
    var ratio = 0.0
    var done = false
    var created: Date?
    var tags: [String] = []
    var blob: Data?
    var subtitle: String?

    init() {}
}

/// The examples' to-do item: made from a string (its label); saving it saves the shared list.
final class TodoItem: TestModel, StringSettable {
    var label = ""
    var checked = false

    init() {}

    convenience init(label: String) {
        self.init()
        self.label = label
    }

    func setWithString(_ string: String) throws {
        label = string
    }

    func save() throws {
        try TodoList.shared.save()
    }
}

/// The examples' list: made from an array of anything a `TodoItem` can be made from.
final class TodoList: TestModel, ArraySettable {
    var items: [TodoItem] = []

    init() {}

    func setWithArray(_ array: [Any]) throws {
        items = TodoItem.instances(with: array)
    }
}

/// A model holding another model, optional and not.
final class Shelf: TestModel {
    var name = ""
    var main = TodoItem(label: "main default")
    var spare: TodoItem?
    var byName: [String: TodoItem] = [:]

    init() {}
}
