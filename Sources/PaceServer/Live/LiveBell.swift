import Foundation

/// Wakes the event streams of a live session when a batch of it is stored.
///
/// Each session has a generation that a stored batch advances; a stream notes the generation,
/// reads the database, then waits for a later generation (or a time-out, for its keep-alive) —
/// so a batch stored between the read and the wait is never missed.
///
/// Generations come from one clock, so a value is never given twice. A session's entry is dropped
/// when its last batch (the one that ends it) rings: from then on it reads as the floor, which that
/// ring moved past every value given before, so a stream still holding an older generation wakes and
/// finds the end. The bell holds only sessions in progress, however many have ended.
actor LiveBell {
    /// A session of an account.
    struct Key: Hashable, Sendable {
        let account: UUID
        let session: UUID
    }

    /// The last generation given.
    private var clock = 0
    /// The generation of a session with no entry (never rung, or ended).
    private var floor = 0
    private var generations: [Key: Int] = [:]
    private var waiters: [Key: [UUID: CheckedContinuation<Void, Never>]] = [:]

    /// The session's generation now.
    func generation(_ key: Key) -> Int { generations[key] ?? floor }

    /// How many sessions the bell keeps a generation for (those rung and not yet ended).
    var sessionCount: Int { generations.count }

    /// A batch of the session was stored: wakes its streams. `ended`: the batch ends the session,
    /// whose entry is dropped.
    func ring(_ key: Key, ended: Bool = false) {
        clock += 1
        if ended {
            generations[key] = nil
            floor = clock
        } else {
            generations[key] = clock
        }
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
        if self.generation(key) != generation { return true }
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
        return self.generation(key) != generation
    }

    private func wake(_ key: Key, _ id: UUID) {
        guard let waiter = waiters[key]?.removeValue(forKey: id) else { return }
        if waiters[key]?.isEmpty == true { waiters[key] = nil }
        waiter.resume()
    }
}
