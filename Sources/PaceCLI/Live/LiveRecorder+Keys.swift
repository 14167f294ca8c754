import PaceRecorder

extension LiveRecorder {
    /// Handles a dashboard key: p pause/resume, l lap, m marker, f finish, d discard.
    func key(_ key: Character, terminal: LiveTerminal) async {
        do {
            if try await session.handleCommonKey(key) { return }
            if key == "f" { await requestStop(.finish, because: "Finish key", terminal: terminal) }
        } catch {
            terminal.log("\(error)")
        }
    }

    /// Asks the recording to stop, and says so when this request is the one that counts.
    func requestStop(_ stop: Stop, because reason: String, terminal: LiveTerminal) async {
        guard requestStop(stop) else { return }
        terminal.log("\(reason): stopping the recording (\(stop == .finish ? "finish and save" : "leave the session open")).")
    }
}
