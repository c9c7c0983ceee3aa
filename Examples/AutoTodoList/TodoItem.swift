import AutoCodingKit
import Foundation

/// One item: AutoModel codes, compares and describes it from its properties.
struct TodoItem: AutoModel {
    var label: String
    var checked = false
    var created = Date()
}
