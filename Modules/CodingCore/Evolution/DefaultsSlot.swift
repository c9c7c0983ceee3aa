/// Where one value goes while a type's defaults are being encoded: a node still being built.
///
/// Containers hand out slots for their keys and elements before the values are written, as
/// Foundation's encoders do, so a slot is a reference; ``frozen()`` turns the finished tree
/// into ``DefaultsNode``s. Entries and elements are stored properties, so appending to them
/// never copies them.
final class DefaultsSlot {
    enum Kind {
        case empty, null, scalar, keyed, unkeyed
    }

    private(set) var kind = Kind.empty
    private var scalar: (any Sendable)?
    private var entries: [String: DefaultsSlot] = [:]
    private var order: [String] = []
    private var elements: [DefaultsSlot] = []

    /// The number of elements, when the slot is an unkeyed container.
    var elementCount: Int { kind == .unkeyed ? elements.count : 0 }

    func setNull() {
        reset(to: .null)
    }

    func setScalar(_ value: any Sendable) {
        reset(to: .scalar)
        scalar = value
    }

    /// Makes the slot an unkeyed container, keeping its elements when it is one already.
    func makeUnkeyed() {
        if kind != .unkeyed { reset(to: .unkeyed) }
    }

    /// A new slot for `key`, replacing an earlier value of the key: the last write wins. A slot
    /// that held something other than a keyed container becomes one (the last kind of
    /// container asked for wins).
    func slot(forKey key: String) -> DefaultsSlot {
        if kind != .keyed { reset(to: .keyed) }
        let slot = DefaultsSlot()
        if entries.updateValue(slot, forKey: key) == nil { order.append(key) }
        return slot
    }

    /// The slot a nested container of `key` writes into: the key's slot when it already holds a
    /// container, so two nested containers of one key (or a value and then a nested container)
    /// write one merged value, as with Foundation's encoders.
    func nestedSlot(forKey key: String) -> DefaultsSlot {
        if kind == .keyed, let existing = entries[key] {
            switch existing.kind {
            case .keyed, .unkeyed, .empty: return existing
            case .null, .scalar: break
            }
        }
        return slot(forKey: key)
    }

    /// The slot of the next element.
    func appendedSlot() -> DefaultsSlot {
        makeUnkeyed()
        let slot = DefaultsSlot()
        elements.append(slot)
        return slot
    }

    private func reset(to kind: Kind) {
        self.kind = kind
        scalar = nil
        entries = [:]
        order = []
        elements = []
    }

    /// The entries of a keyed slot, frozen, each with its weight and height.
    func frozenEntries() -> [String: (node: DefaultsNode, weight: Int, height: Int)] {
        guard kind == .keyed else { return [:] }
        return entries.mapValues { $0.frozen() }
    }

    /// The finished tree with the number of values it holds and the levels it nests (a scalar
    /// is one value, one level). Recursion is bounded: the encoder refused deeper trees.
    func frozen() -> (node: DefaultsNode, weight: Int, height: Int) {
        switch kind {
        case .empty:
            // A container asked for and left empty.
            return (.keyed([:], order: []), 1, 1)
        case .null:
            return (.null, 1, 1)
        case .scalar:
            return (scalar.map(DefaultsNode.scalar) ?? .null, 1, 1)
        case .keyed:
            var nodes: [String: DefaultsNode] = [:]
            nodes.reserveCapacity(entries.count)
            var weight = 1
            var height = 0
            for (key, slot) in entries {
                let child = slot.frozen()
                nodes[key] = child.node
                weight += child.weight
                height = max(height, child.height)
            }
            return (.keyed(nodes, order: order), weight, height + 1)
        case .unkeyed:
            var weight = 1
            var height = 0
            let nodes = elements.map { slot in
                let child = slot.frozen()
                weight += child.weight
                height = max(height, child.height)
                return child.node
            }
            return (.unkeyed(nodes), weight, height + 1)
        }
    }
}
