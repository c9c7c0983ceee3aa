import BaseModelKit
import FastCodingKit
import Foundation

/// The list, saved by BaseModelKit in FastCoding (`TodoList.fast`); it starts empty, as the original did.
final class TodoList: BaseModel {
    static var saveFormat: any ArchiveFormat { .fastCoding }

    var items: [TodoItem] = []

    init() {}
}
