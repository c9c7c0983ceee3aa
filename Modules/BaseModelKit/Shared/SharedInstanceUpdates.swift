import Foundation

/// The asynchronous sequence of ``BaseModel/sharedUpdates``: one ``SharedInstanceUpdate`` per
/// replacement of `Model`'s shared instance, from the moment the sequence was made.
///
/// The sequence is `Sendable`, and its iterator runs in the caller's isolation, so a Swift 6
/// `for await` loop on any actor needs no box.
public struct SharedInstanceUpdates<Model: BaseModel>: AsyncSequence, Sendable {
    public typealias Element = SharedInstanceUpdate<Model>
    public typealias Failure = Never

    let snapshots: AsyncStream<Result<Data, BaseModelError>>

    /// The iterator over the updates.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var snapshots: AsyncStream<Result<Data, BaseModelError>>.Iterator

        /// The next update; `nil` once the iterating task is cancelled.
        public mutating func next() async -> Element? {
            guard let snapshot = await snapshots.next() else { return nil }
            return Element(snapshot: snapshot)
        }

        /// The next update, waited for in `actor`'s isolation.
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            guard let snapshot = await snapshots.next(isolation: actor) else { return nil }
            return Element(snapshot: snapshot)
        }
    }

    /// Makes the iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(snapshots: snapshots.makeAsyncIterator())
    }
}
