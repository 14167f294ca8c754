import PaceRecorder

extension WorkoutSession {
    /// The dashboard keys every recording driver shares: p pause/resume, l lap, m marker, d discard.
    /// Finishing (f) differs by driver and is left to it.
    /// - Returns: Whether `key` was one of them.
    func handleCommonKey(_ key: Character) async throws -> Bool {
        switch key {
        case "p":
            if case .paused = state { try await resume() } else { try await pause() }
        case "l": try await lap()
        case "m": try await marker()
        case "d": try await discard()
        default: return false
        }
        return true
    }
}
