import Foundation
import PaceModel
import PaceSensors
import PaceTrack

/// Turns source events into live updates: every fix while moving, one update when the device
/// becomes stationary (then none until it moves), one when the location is lost.
final class StationarityTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var detector = AutoPauseDetector(configuration: .general)
    private var reportedStationary = false
    private var reportedUnavailable = false

    /// The update an event makes, if any.
    func update(for event: SensorEvent) -> CLLocationUpdate? {
        lock.withLock {
            switch event {
            case .reading(let reading):
                guard case .location(let fix) = reading.value, fix.hasValidCoordinate, fix.horizontalAccuracy >= 0 else { return nil }
                reportedUnavailable = false
                _ = detector.update(time: fix.timestamp.timeIntervalSince1970, speed: fix.speed, isStationary: false)
                let stationary = detector.isPaused
                defer { reportedStationary = stationary }
                if stationary && reportedStationary { return nil }
                return CLLocationUpdate(location: CLLocation(fix), isStationary: stationary, locationUnavailable: false)
            case .disconnected(let stream, _):
                guard stream == .location, !reportedUnavailable else { return nil }
                reportedUnavailable = true
                reportedStationary = false
                return CLLocationUpdate(location: nil, isStationary: false, locationUnavailable: true)
            case .reconnected, .skipped:
                return nil
            }
        }
    }
}
