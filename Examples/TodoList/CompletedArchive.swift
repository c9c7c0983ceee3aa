import BaseModelKit
import FastCodingKit
import Foundation

/// Done items moved out of the list by `archive`, saved in FastCoding (`CompletedArchive.fast`).
final class CompletedArchive: BaseModel {
    static var saveFormat: any ArchiveFormat { .fastCoding }

    var items: [TodoItem] = []
    /// When each item was archived, by position in `items`.
    var archived: [Date] = []

    init() {}
}
