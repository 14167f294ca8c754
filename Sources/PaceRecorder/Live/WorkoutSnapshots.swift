import Foundation

/// The live snapshots of a session, as an `AsyncSequence` any number of displays can iterate.
///
/// Each subscriber gets its own stream that keeps only the newest snapshot: a slow display skips
/// snapshots, it never holds the recording up. The sequence ends when the session ends.
///
/// ```swift
/// for await snapshot in session.snapshots {
///     render(snapshot)
/// }
/// ```
public struct WorkoutSnapshots: AsyncSequence, Sendable {
    /// The element type.
    public typealias Element = WorkoutSnapshot

    let hub: Broadcast<WorkoutSnapshot>

    /// Subscribes and returns an iterator over the snapshots from now on.
    public func makeAsyncIterator() -> AsyncStream<WorkoutSnapshot>.Iterator {
        hub.subscribe(bufferingNewest: 1).makeAsyncIterator()
    }
}
