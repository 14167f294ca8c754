import Foundation
import Logging
import PaceModel
import PaceSensors

extension CLLocationManager {
    /// ``startUpdatingLocation()``.
    func startUpdates() {
        change { $0.policy.startUpdating() }
    }

    /// ``stopUpdatingLocation()``.
    func stopUpdates() {
        change { state in
            state.policy.stopUpdating()
            state.stops += 1
        }
    }

    /// ``requestLocation()``.
    func requestOneLocation() {
        var serial = 0
        change { state in
            state.policy.requestLocation()
            state.requestSerial += 1
            serial = state.requestSerial
        }
        let (timeout, generation) = lock.withLock { (state.requestTimeout, state.generation) }
        let reference = reference
        Task.detached { [serial] in
            try? await Task.sleep(for: timeout)
            reference.manager?.requestTimedOut(serial: serial, generation: generation, after: timeout)
        }
    }

    /// Applies a change to the state, then opens or closes the GPS as the policy now needs.
    private func change(_ step: (inout State) -> Void) {
        var start: (source: Result<any SensorSource, SensorSpecificationError>, generation: Int)?
        var stop: Task<Void, Never>?
        lock.withLock {
            step(&state)
            let needed = state.policy.needsSource
            if needed && !state.isOpen {
                state.isOpen = true
                state.policy.sourceStarted()
                start = (state.source, state.generation)
            } else if !needed && state.isOpen {
                state.isOpen = false
                state.generation += 1
                stop = state.sourceTask
                state.sourceTask = nil
            }
        }
        if let stop {
            stop.cancel()
            deliveries.keepRunLoopAlive(false)
        }
        if let start { open(start.source, generation: start.generation) }
    }

    /// Runs the source on a task of its own until the generation changes.
    private func open(_ source: Result<any SensorSource, SensorSpecificationError>, generation: Int) {
        deliveries.keepRunLoopAlive(true)
        switch source {
        case .failure(let error):
            logger.error("cannot use the GPS that PACE_GPS names", metadata: ["error": "\(error)"])
            apply(generation: generation) { _ in [.fail(reason: error.description)] }
        case .success(let source):
            let delay = lock.withLock { state.locationUnknownDelay }
            let reference = reference
            let task = Task.detached {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        await source.run { event in reference.manager?.handle(event, generation: generation) }
                    }
                    group.addTask {
                        try? await Task.sleep(for: delay)
                        guard !Task.isCancelled else { return }
                        reference.manager?.noFixYet(generation: generation, after: delay)
                    }
                    await group.waitForAll()
                }
            }
            logger.debug("opening the GPS", metadata: ["source": "\(source.description)"])
            let keep = lock.withLock {
                guard state.generation == generation else { return false }
                state.sourceTask = task
                return true
            }
            if !keep { task.cancel() }
        }
    }

    /// One event from the source.
    private func handle(_ event: SensorEvent, generation: Int) {
        switch event {
        case .reading(let reading):
            guard case .location(let fix) = reading.value else { return }
            apply(generation: generation) { state in
                if fix.hasValidCoordinate, fix.horizontalAccuracy >= 0 { state.location = CLLocation(fix) }
                return state.policy.receive(fix)
            }
        case .disconnected(let stream, let reason):
            guard stream == .location else { return }
            logger.info("no location", metadata: ["reason": "\(reason)"])
            apply(generation: generation) { $0.policy.lose(reason: reason) }
        case .reconnected:
            logger.info("location available again")
        case .skipped(let input):
            logger.debug("skipped GPS input", metadata: ["reason": "\(input.reason)", "detail": "\(input.detail)"])
        }
    }

    private func noFixYet(generation: Int, after delay: Duration) {
        apply(generation: generation) { $0.policy.noFixYet(after: delay) }
    }

    private func requestTimedOut(serial: Int, generation: Int, after timeout: Duration) {
        apply(generation: generation) { state in
            state.requestSerial == serial ? state.policy.requestTimedOut(after: timeout) : []
        }
    }

    /// Runs a policy step for the session `generation` (nothing if it has ended) and queues the
    /// calls it asks for, stamped with the count of stops read in the same critical section: a call
    /// queued before a `stopUpdatingLocation()` is dropped when it comes to run, even if the stop
    /// came between the step and the queueing. A request answered without continuous updates
    /// closes the GPS.
    private func apply(generation: Int, _ step: (inout State) -> [LocationUpdatePolicy.Action]) {
        let (actions, stops) = lock.withLock { () -> ([LocationUpdatePolicy.Action], Int) in
            guard state.generation == generation else { return ([], state.stops) }
            return (step(&state), state.stops)
        }
        guard !actions.isEmpty else { return }
        for action in actions {
            deliveries.enqueue { [weak self] in
                guard let self, let delegate = self.delegate, self.lock.withLock({ self.state.stops }) == stops else { return }
                switch action {
                case .deliver(let fix):
                    delegate.locationManager(self, didUpdateLocations: [CLLocation(fix)])
                case .fail(let reason):
                    delegate.locationManager(self, didFailWithError: CLError(.locationUnknown, userInfo: [NSLocalizedDescriptionKey: reason]))
                }
            }
        }
        change { _ in }
    }
}
