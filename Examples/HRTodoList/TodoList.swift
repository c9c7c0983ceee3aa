import BaseModelKit
import Foundation
import HRCoderKit

/// The list, saved by BaseModelKit as HRCoder JSON (`TodoList.json`). The bundled
/// `TodoList.plist` is HRCoder XML, as in the original: four `$class` TodoItem dictionaries
/// holding only a label.
final class TodoList: BaseModel {
    static var saveFormat: any ArchiveFormat { .hrCodedJSON }
    static var readableFormats: [any ArchiveFormat] { [.hrCodedXML] }
    static var resourceBundle: Bundle? { Bundle.module }

    var items: [TodoItem] = []

    init() {}
}
