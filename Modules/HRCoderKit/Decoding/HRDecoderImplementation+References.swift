/// Back-pointers that decode cycles: CodingCore's `ReferenceResolvingDecoder`.
///
/// `@Reference` and `@StrongReference` properties ask for their object here. An alias to an
/// object that is still being built (an ancestor, `$root` included) is recorded in the state's
/// `PendingReferences` and filled when that object finishes; anything else is read at once.
extension HRDecoderImplementation: ReferenceResolvingDecoder {
    func decodeReference<Target: AnyObject & Decodable>(
        _ type: Target.Type,
        assign: @escaping (Target?) -> Void
    ) throws {
        if HRDecoding.isNull(node) {
            assign(nil)
            return
        }
        if let target = state.unfinishedTarget(of: node) {
            state.pendingReferences.add(waitingFor: target, codingPath: codingPath, assign: assign)
            state.hasPendingReferences = true
            return
        }
        assign(try state.unbox(node, as: Target.self, at: codingPath))
    }
}
