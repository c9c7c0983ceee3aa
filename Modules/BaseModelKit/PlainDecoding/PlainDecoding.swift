import Foundation

/// Decodes values from the plain value trees of BaseModelKit's JSON and property-list formats.
enum PlainDecoding {
    /// The top-level value decoded, and whether the tree's top level was recognised as the type's.
    struct Outcome<Value> {
        let value: Value
        /// The top level holds none of the keys the type read, yet the type needed some from its
        /// defaults: the tree is some other thing's (an empty dictionary, another app's file).
        let isForeign: Bool
    }

    /// Decodes a `T` from `tree`, layered over `base` when given.
    ///
    /// - Parameter inputSize: The input's size in bytes (or values), for the expansion budget
    ///   that defaults of missing keys are charged to.
    static func decode<T: Decodable>(
        _ type: T.Type, from tree: Any, inputSize: Int, userInfo: [CodingUserInfoKey: Any] = [:],
        over base: TypeDefaults? = nil
    ) throws -> Outcome<T> {
        let state = PlainDecodingState(userInfo: userInfo, rootDefaults: base, inputSize: inputSize)
        let value: T
        if let scalar = try PlainDecoder.scalar(type, from: tree, codingPath: []) {
            value = scalar
        } else {
            value = try state.descend([]) {
                try T(from: PlainDecoder(value: tree, codingPath: [], state: state, decodedType: T.self, isRoot: true))
            }
        }
        return Outcome(value: value, isForeign: state.defaultedRootKey && !state.readRootKey)
    }
}
