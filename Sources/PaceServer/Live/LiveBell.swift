import Foundation

/// Wakes the event streams of a live session when a batch of it is stored.
///
/// Each session has a generation that a stored batch advances; a stream notes the generation,
/// reads the database, then waits for a later generation (or a time-out, for its keep-alive) —
/// so a batch stored between the read and the wait is never missed.
actor LiveBell {
    /// A session of an account.
    struct Key: Hashable, Sendable {
        let account: UUID
        let session: UUID
    }

    private var generations: [Key: Int] = [:]
    private var waiters: [Key: [UUID: CheckedContinuation<Void, Never>]] = [:]

    /// The session's generation now.
    func generation(_ key: Key) -> Int { generations[key, default: 0] }

    /// A batch of the session was stored: wakes its streams.
    func ring(_ key: Key) {
        generations[key, default: 0] += 1
        for (_, waiter) in waiters.removeValue(forKey: key) ?? [:] { waiter.resume() }
    }

    /// Wakes every stream (the server is shutting down).
    func ringAll() {
        for key in Array(waiters.keys) { ring(key) }
    }

    /// Waits until the session's generation passes `generation`, `timeout` passes, or the task is
    /// cancelled.
    /// - Returns: Whether the generation passed.
    func wait(_ key: Key, after generation: Int, timeout: Duration) async -> Bool {
        if generations[key, default: 0] != generation { return true }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                guard !Task.isCancelled else { return continuation.resume() }
                waiters[key, default: [:]][id] = continuation
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    await self?.wake(key, id)
                }
            }
        } onCancel: {
            Task { [weak self] in await self?.wake(key, id) }
        }
        return generations[key, default: 0] != generation
    }

    private func wake(_ key: Key, _ id: UUID) {
        guard let waiter = waiters[key]?.removeValue(forKey: id) else { return }
        if waiters[key]?.isEmpty == true { waiters[key] = nil }
        waiter.resume()
    }
}
