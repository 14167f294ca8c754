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

    let hub: SnapshotHub

    /// Subscribes and returns an iterator over the snapshots from now on.
    public func makeAsyncIterator() -> AsyncStream<WorkoutSnapshot>.Iterator {
        hub.subscribe().makeAsyncIterator()
    }
}

/// Fans snapshots out to subscribers; thread-safe.
final class SnapshotHub: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<WorkoutSnapshot>.Continuation] = [:]
    private var latest: WorkoutSnapshot?
    private var finished = false

    func subscribe() -> AsyncStream<WorkoutSnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: WorkoutSnapshot.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        lock.withLock {
            if finished {
                if let latest { continuation.yield(latest) }
                continuation.finish()
                return
            }
            if let latest { continuation.yield(latest) }
            continuations[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func publish(_ snapshot: WorkoutSnapshot) {
        let targets = lock.withLock {
            latest = snapshot
            return Array(continuations.values)
        }
        for continuation in targets { continuation.yield(snapshot) }
    }

    func finish() {
        let targets = lock.withLock {
            finished = true
            defer { continuations = [:] }
            return Array(continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
