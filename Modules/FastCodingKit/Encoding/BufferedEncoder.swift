/// The encoder of a value whose `encode(to:)` uses its containers in a way a stream cannot follow:
/// a key written twice, a nested container asked for twice or after a value under its key,
/// containers nested in nested containers, a super encoder, a keyed container after a
/// single-value one, containers used out of turn, a class written as a single value or a list.
///
/// The streaming encoder notices such a use, rolls the value back and encodes it again through
/// this encoder, which collects what each container is given in ``BufferedNode``s, as Foundation's
/// encoders build their trees: the last write of a key wins, a nested container of a key that
/// holds a dictionary adds to it, a single value that is a dictionary or a list becomes the keyed
/// or unkeyed container asked for after it. The value is then written from the nodes (see
/// ``FastEncodingContext/encodeBuffered(_:link:hint:definition:instance:typeID:learned:)``).
///
/// What Foundation's encoders stop on (a keyed container after a list, a second single value)
/// is refused with an `EncodingError` naming the coding path.
final class BufferedEncoder: Encoder {
    /// What the encoders of one buffered value share.
    final class State {
        let userInfo: [CodingUserInfoKey: Any]
        /// The first refusal, thrown once `encode(to:)` returns.
        private(set) var error: (any Error)?

        init(userInfo: [CodingUserInfoKey: Any]) {
            self.userInfo = userInfo
        }

        func record(_ error: any Error) {
            if self.error == nil { self.error = error }
        }
    }

    let node: BufferedNode
    let state: State
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    init(node: BufferedNode, state: State, codingPath: [any CodingKey]) {
        self.node = node
        self.state = state
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let observed = ObservationKeys.encodingContainer(
            keyedBy: type, { container(keyedBy: ArchiveCodingKey.self) })
        {
            return observed
        }
        return KeyedEncodingContainer(
            BufferedKeyedContainer<Key>(
                node: prepare(node, as: .keyed, at: codingPath), encoder: self, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BufferedUnkeyedContainer(
            node: prepare(node, as: .unkeyed, at: codingPath), encoder: self, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        BufferedSingleValueContainer(node: node, encoder: self, codingPath: codingPath)
    }

    /// `node`, made a `kind` container: a single value written to it before is converted when it
    /// is a dictionary (keyed) or a list (unkeyed). Anything else is refused (recorded), and a
    /// node nothing will be written from is returned.
    func prepare(_ node: BufferedNode, as kind: BufferedNode.Kind, at path: [any CodingKey]) -> BufferedNode {
        if node.become(kind) { return node }
        if node.kind == .single, case .value(let value)? = node.entries.first,
            let converted = convert(value, to: kind, at: path)
        {
            node.adopt(converted)
            return node
        }
        refuse(
            "a \(kind == .keyed ? "keyed" : "unkeyed") container was asked for a value that already holds "
                + (node.kind == .single
                    ? "a single value that is no \(kind == .keyed ? "dictionary" : "list")"
                    : "another kind of container"),
            at: path)
        return BufferedNode()
    }

    /// `value` encoded into a node of its own, when it makes a `kind` container.
    func convert(_ value: any Encodable, to kind: BufferedNode.Kind, at path: [any CodingKey]) -> BufferedNode? {
        let converted = BufferedNode()
        do {
            try value.encode(to: BufferedEncoder(node: converted, state: state, codingPath: path))
        } catch {
            state.record(error)
            return nil
        }
        return converted.kind == kind ? converted : nil
    }

    /// Records a refusal of what was asked at `path`.
    func refuse(_ message: String, at path: [any CodingKey]) {
        state.record(refusal(message, at: path))
    }

    func refusal(_ message: String, at path: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue((), EncodingError.Context(codingPath: path, debugDescription: message))
    }
}
