/// The items of an archived list, as document indexes: a run of the document's reference pool
/// (arrays and sets, `NS.objects`), or items collected from an ordered set's or a dictionary's
/// fields into a pool of their own.
struct KeyedItemList {
    private let pool: [UInt32]
    private let start: Int
    let count: Int

    /// The items of `list` in `document`.
    init(_ list: PlistList, in document: PlistDocument) {
        pool = document.references
        start = list.start
        count = list.count
    }

    /// Collected items.
    init(collected items: [UInt32]) {
        pool = items
        start = 0
        count = items.count
    }

    static let empty = KeyedItemList(collected: [])

    /// The document index of item `position`.
    @inline(__always)
    subscript(position: Int) -> Int { Int(pool[start + position]) }
}
