import Foundation

/// The open ``BaseModel/sharedUpdates`` streams, by model type: each replacement of a shared
/// instance is sent to every stream of its type.
enum SharedUpdateChannels {
    /// A stream's way in: it yields the snapshot of a new instance.
    typealias Channel = @Sendable (Result<Data, BaseModelError>) -> Void

    private static let channels = Locked<(next: UInt64, byType: [ObjectIdentifier: [UInt64: Channel]])>(
        (0, [:]))

    /// A new stream of the snapshots of model type `id`'s new shared instances, from now until
    /// its reader stops; it keeps the newest snapshot while the reader is busy.
    static func stream(for id: ObjectIdentifier) -> AsyncStream<Result<Data, BaseModelError>> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let token = channels.update { state in
                state.next += 1
                state.byType[id, default: [:]][state.next] = { continuation.yield($0) }
                return state.next
            }
            continuation.onTermination = { _ in
                channels.update { state in
                    state.byType[id]?[token] = nil
                    if state.byType[id]?.isEmpty == true { state.byType[id] = nil }
                }
            }
        }
    }

    /// Sends a snapshot of `model` to every open stream of its type (nothing is coded when none
    /// is open).
    static func send<Model: BaseModel>(_ model: Model) {
        let open = channels.read { $0.byType[ObjectIdentifier(Model.self)].map { Array($0.values) } ?? [] }
        guard !open.isEmpty else { return }
        let snapshot: Result<Data, BaseModelError>
        do {
            snapshot = .success(try PropertyListArchiveFormat(.binary).encode(model))
        } catch {
            snapshot = .failure(
                .unrepresentableValue(type: Model.typeName, path: "the shared instance", reason: "\(error)"))
        }
        for channel in open { channel(snapshot) }
    }
}
