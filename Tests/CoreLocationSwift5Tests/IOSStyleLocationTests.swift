// Compiled in the Swift 5 language mode: CoreLocation code as iOS apps write it — a delegate class
// with mutable state, closures capturing `var`s, completion blocks on the main queue — must build
// and run unchanged.
import CoreLocation
import Foundation
import PaceModel
import PaceSensors
import PaceTestSupport
import Testing

class LocationService: NSObject, CLLocationManagerDelegate {
    let manager: CLLocationManager
    var locations: [CLLocation] = []
    var lastError: Error?
    var status: CLAuthorizationStatus = .notDetermined
    var onUpdate: ((CLLocation) -> Void)?

    init(manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.distanceFilter = kCLDistanceFilterNone
        manager.activityType = .fitness
        manager.allowsBackgroundLocationUpdates = true
    }

    func start() {
        manager.requestWhenInUseAuthorization()
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        status = manager.authorizationStatus
        if status == .authorizedAlways || status == .authorizedWhenInUse {
            manager.startUpdatingLocation()
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        self.locations.append(contentsOf: locations)
        if let last = locations.last { onUpdate?(last) }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        if let error = error as? CLError, error.code == .locationUnknown { return }
        lastError = error
        manager.stopUpdatingLocation()
    }

    var totalDistance: CLLocationDistance {
        var total = 0.0
        var previous: CLLocation?
        for location in locations {
            if let previous = previous { total += location.distance(from: previous) }
            previous = location
        }
        return total
    }
}

@Suite(.timeLimit(.minutes(10 * TestTime.scale)))
struct IOSStyleLocationTests {
    @MainActor
    @Test func aDelegateWrittenForIOSReceivesLocationsOnTheMainThread() async throws {
        let steps = [0.0, 0.001, 0.002].map { offset in
            ScriptedSensorSource.Step.reading(after: .milliseconds(5)) {
                .location(RouteLocation(timestamp: Date(), latitude: 51.5 + offset, longitude: -0.12, horizontalAccuracy: 5))
            }
        }
        let service = LocationService(manager: CLLocationManager(source: ScriptedSensorSource(description: "script", streams: [.location], steps: steps)))
        var updatesSeen = 0
        service.onUpdate = { _ in updatesSeen += 1 }
        service.start()
        let deadline = ContinuousClock.now + TestTime.duration(.seconds(240))  // a bound against hangs on a loaded machine
        while service.locations.count < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(service.status == .authorizedAlways)
        #expect(service.locations.count == 3 && updatesSeen == 3)
        #expect(service.totalDistance > 200 && service.totalDistance < 230)
        #expect(service.lastError == nil)
        service.manager.stopUpdatingLocation()
    }

    @Test func liveUpdatesInAnAsyncLoop() async throws {
        let source = ScriptedSensorSource(description: "script", streams: [.location], steps: [
            .reading(after: .milliseconds(5)) { .location(RouteLocation(timestamp: Date(), latitude: 1, longitude: 2, speed: 2, horizontalAccuracy: 3)) },
        ])
        var first: CLLocation?
        try await LocationSourceResolver.$override.withValue(source) {
            if #available(iOS 17.0, macOS 14.0, *) {
                for try await update in CLLocationUpdate.liveUpdates() {
                    first = update.location
                    break
                }
            }
        }
        #expect(first?.coordinate.latitude == 1)
    }
}
