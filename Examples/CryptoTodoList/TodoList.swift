import BaseModelKit
import CryptoCodingKit
import Foundation

/// The list, saved by BaseModelKit as a binary property list inside CryptoCodingKit's encrypted
/// envelope (`TodoList.enc`). The bundled `TodoList.plist` (four strings) gives the starting items.
final class TodoList: BaseModel, ArraySettable {
    static var saveFormat: any ArchiveFormat {
        .encrypted(.propertyList(.binary), passwordProvider: { try Password.value.get() })
    }

    static var resourceBundle: Bundle? { Bundle.module }

    var items: [TodoItem] = []

    init() {}

    func setWithArray(_ array: [Any]) throws {
        items = TodoItem.instances(with: array)
    }
}
