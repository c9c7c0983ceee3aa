import BaseModelKit
import Foundation
import HRCoderKit

/// The list, saved by BaseModelKit as HRCoder JSON (`TodoList.json`). The bundled
/// `TodoList.plist` is HRCoder XML, as in the original: four `$class` TodoItem dictionaries
/// holding only a label.
final class TodoList: BaseModel {
    /// Pretty-printed, so the file is easy to edit by hand.
    static var saveFormat: any ArchiveFormat { HRCodedFormat(coder: HRCoder(outputFormat: .json, prettyPrinted: true)) }
    static var readableFormats: [any ArchiveFormat] { [.hrCodedXML] }
    static var resourceBundle: Bundle? { Bundle.module }

    var items: [TodoItem] = []

    init() {}
}
