extension HRValue {
    /// The largest count ``boundedValueCount`` returns: counting stops there.
    static let valueCountBound = 1 << 24

    /// How many values the tree holds (each place counted), at most ``valueCountBound``.
    ///
    /// A hand-built tree can share storage and stand for far more values than it occupies, so the
    /// count walks iteratively and stops at the bound instead of visiting every place.
    var boundedValueCount: Int {
        var count = 0
        var pending: [HRValue] = [self]
        while let value = pending.popLast(), count < Self.valueCountBound {
            count += 1
            switch value {
            case let .array(items): pending.append(contentsOf: items)
            case let .dictionary(entries): pending.append(contentsOf: entries.values)
            default: break
            }
        }
        return count
    }
}
