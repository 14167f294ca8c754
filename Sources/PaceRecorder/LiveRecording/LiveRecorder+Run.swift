import Foundation
import Logging
import PaceModel
import PaceSensors
import PaceStore

extension LiveRecorder {
    /// Runs the sources until the session ends by itself (discarded, saved at a critical battery)
    /// or a stop is requested (``requestStop(_:)``), then finishes, or leaves the session open, as
    /// asked. Journals pending readings and publishes a ``LiveRecordingUpdate/status(_:)`` about
    /// every second. Call it once.
    /// - Returns: How it ended.
    /// - Throws: ``LiveRecordingError`` when the journal cannot be written or the workout cannot be
    ///   saved; the session then stays open, its readings in the journal, to be recovered.
    public func run() async throws(LiveRecordingError) -> Outcome {
        let result: Result<Outcome, LiveRecordingError>
        do throws(LiveRecordingError) {
            try await record()
            result = .success(try await conclude())
        } catch {
            result = .failure(error)
        }
        publish(.acknowledged(await session.acknowledgedSequence))
        await publishStatus()
        hub.finish()
        return try result.get()
    }

    /// Asks the recording to stop. Only the first request counts.
    /// - Returns: Whether this request is the one that counts.
    @discardableResult
    public func requestStop(_ stop: Stop) -> Bool {
        guard stopRequest == nil else { return false }
        stopRequest = stop
        logger.info("Stop requested", metadata: ["session": "\(session.id)", "stop": "\(stop.rawValue)"])
        return true
    }

    /// Feeds the session from the sources until it ends, a stop is requested or the journal fails.
    private func record() async throws(LiveRecordingError) {
        let sources = sources
        let feeding = Task {
            await withTaskGroup(of: Void.self) { group in
                for source in sources {
                    // Each event is handled in a task of its own, which the stop's cancellation of
                    // the sources does not reach: an event already delivered is journaled. Handled
                    // in the source's task, a stop arriving mid-write cancelled the journal's write
                    // and failed the recording ("cancelled before it ran") instead of saving it.
                    group.addTask { await source.run { event in await Task { await self.handle(event) }.value } }
                }
            }
        }
        var acknowledged: Int64 = 0
        var lastStatus = ContinuousClock.now - .seconds(2)
        while true {
            let state = await session.state
            if state.isEnded || stopRequest != nil || failure != nil { break }
            if ContinuousClock.now - lastStatus >= .seconds(1) {
                lastStatus = .now
                do { try await session.flush() } catch { failure = failure ?? error }
                await publishStatus()
            }
            let now = await session.acknowledgedSequence
            if now > acknowledged {
                acknowledged = now
                publish(.acknowledged(now))
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        feeding.cancel()
        await feeding.value
        for fix in timeBase.drain() { skipStale(fix, now: clock.now().addingTimeInterval(timeOffset)) }
        if let failure {
            logger.error("Recording stopped", metadata: ["session": "\(session.id)", "error": "\(failure.message)"])
            throw LiveRecordingError(code: .journal, message: failure.message, sessionID: session.id, cause: failure)
        }
    }

    /// Ends the recording as the session's state and the stop request say.
    private func conclude() async throws(LiveRecordingError) -> Outcome {
        switch await session.state {
        case .discarded:
            return .discarded
        case .saved:
            return .saved(try await savedResult())
        case .failed:
            throw LiveRecordingError(code: .sessionFailed,
                                     message: "Session \(session.id) failed; its readings are in the journal.", sessionID: session.id)
        default:
            break
        }
        if stopRequest == .leave {
            do { try await session.flush() } catch {
                throw LiveRecordingError(code: .journal, message: error.message, sessionID: session.id, cause: error)
            }
            logger.info("Left the session open", metadata: ["session": "\(session.id)"])
            return .left(session.id)
        }
        let recorded: RecordedWorkout
        do { recorded = try await session.finish() } catch {
            let code: LiveRecordingError.Code = [.cannotBuildWorkout, .journal].contains(error.code) ? .cannotFinish : .journal
            throw LiveRecordingError(code: code, message: error.message, sessionID: session.id, cause: error)
        }
        return .saved(LiveRecordingResult(
            workout: recorded.workout, routeID: recorded.route?.id, summary: recorded.summary,
            sampleCount: recorded.objects.filter { if case .quantitySample = $0 { true } else { false } }.count,
            ending: .finish, skippedInput: skippedInput, sources: sourceDescriptions))
    }

    /// The result of a workout the session saved by itself (at a critical battery), read back from the store.
    private func savedResult() async throws(LiveRecordingError) -> LiveRecordingResult {
        let id = session.id
        func unreadable(_ detail: String, _ cause: SessionError? = nil) -> LiveRecordingError {
            LiveRecordingError(code: .savedWorkoutUnreadable,
                               message: "Session \(id) was saved but its workout cannot be read back from the store (\(detail)); "
                                   + "is another process changing this store?",
                               sessionID: id, cause: cause)
        }
        let found: (workout: Workout, summary: Data, routeID: UUID?)?
        do throws(StoreError) {
            if let workoutID = try await journal.session(id).workoutID,
               let workout = try await journal.store.workout(id: workoutID),
               let summary = try await journal.summary(ofWorkout: workoutID) {
                found = (workout, summary, try await journal.store.routes(forWorkout: workoutID).first?.id)
            } else {
                found = nil
            }
        } catch {
            throw unreadable(error.message, SessionError(code: .journal, message: error.message, cause: error))
        }
        guard let found else { throw unreadable("it is not in the store") }
        let summary: WorkoutSummary
        do { summary = try JSONDecoder().decode(WorkoutSummary.self, from: found.summary) } catch {
            throw unreadable("its summary cannot be decoded: \(error)")
        }
        return LiveRecordingResult(workout: found.workout, routeID: found.routeID, summary: summary, sampleCount: nil,
                                   ending: .batteryCritical, skippedInput: skippedInput, sources: sourceDescriptions)
    }

    /// The recording's status now.
    public func status() async -> LiveRecordingStatus {
        LiveRecordingStatus(snapshot: await session.snapshot(), streams: streamStatus, skippedInput: skippedInput,
                            batteryLevel: batteryLevel, timeOffset: timeOffset)
    }

    func publishStatus() async {
        publish(.status(await status()))
    }

    func publish(_ update: LiveRecordingUpdate) {
        hub.publish(update)
    }
}
