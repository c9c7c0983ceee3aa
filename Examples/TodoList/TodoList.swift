import BaseModelKit
import Foundation
import HRCoderKit

/// The list, saved as pretty-printed HRCoder JSON (`TodoList.json`) that a person can edit; the
/// next command reads the edit. The first run starts with the bundled `TodoList.plist`.
final class TodoList: BaseModel, ArraySettable {
    static var saveFormat: any ArchiveFormat { HRCodedFormat(coder: HRCoder(outputFormat: .json, prettyPrinted: true)) }
    static var resourceBundle: Bundle? { Bundle.module }

    var items: [TodoItem] = []

    init() {}

    func setWithArray(_ array: [Any]) throws {
        items = TodoItem.instances(with: array)
    }
}
