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

    /// What recognises an item in the archive: its identifier and label.
    static func key(of item: TodoItem) -> [String] { [item.id, item.label] }

    /// The keys of the archived items.
    var keys: Set<[String]> { Set(items.map(Self.key)) }

    /// Moves the done items of `list` here, in the order that never loses or duplicates one:
    /// the list is saved first when its items' identifiers may not be saved yet (a list written
    /// before items had them), then this archive, then the list without the done items. A list
    /// whose save never happened still holds the moved items, which ``ListStorage`` drops on reading.
    ///
    /// Runs inside `TodoList.update`, which saves `list` last; returns how many items moved.
    static func archiveDone(of list: TodoList) throws -> Int {
        let done = list.items.filter(\.checked)
        guard !done.isEmpty else { return 0 }
        try list.write(to: TodoList.saveFileURL)
        try update { archive in
            let known = archive.keys
            let new = done.filter { !known.contains(key(of: $0)) }
            archive.items += new
            archive.archived += new.map { _ in Date() }
        }
        list.items.removeAll(where: \.checked)
        return done.count
    }
}
