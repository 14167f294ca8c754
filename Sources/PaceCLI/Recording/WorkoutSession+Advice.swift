import PaceRecorder

extension WorkoutSession {
    /// ``WorkoutSession/finish()`` with the command line's advice added when the workout could not
    /// be built or saved: the recording is in the journal, and `pace recover --finish` tries again.
    func finishAdvising() async throws -> RecordedWorkout {
        do {
            return try await finish()
        } catch where [.cannotBuildWorkout, .journal].contains(error.code) {
            throw CommandError(error.message + " Run `pace recover --finish` to try again.")
        }
    }
}
