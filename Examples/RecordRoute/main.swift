// Records a run's route the way an iOS app does: a location manager feeds a workout route
// builder; when enough locations arrived, the workout builder saves the workout and the route is
// attached to it. Written against Apple's HealthKit and CoreLocation; on Linux, Pace provides both
// (the GPS from PACE_GPS, the store from PACE_STORE; docs/HEALTHKIT.md).
//
//     swift run RecordRoute [locations]      (default: 10 locations)
import CoreLocation
import Foundation
import HealthKit

final class RouteRecorder: NSObject, CLLocationManagerDelegate {
    let healthStore = HKHealthStore()
    let locationManager = CLLocationManager()
    let wanted: Int
    var workoutBuilder: HKWorkoutBuilder!
    var routeBuilder: HKWorkoutRouteBuilder!
    var received: [CLLocation] = []
    var finishing = false

    init(wanted: Int) {
        self.wanted = wanted
        super.init()
        locationManager.delegate = self
        locationManager.desiredAccuracy = kCLLocationAccuracyBest
        locationManager.activityType = .fitness
        locationManager.distanceFilter = kCLDistanceFilterNone
    }

    func start() {
        let types: Set<HKSampleType> = [HKObjectType.workoutType(), HKSeriesType.workoutRoute()]
        healthStore.requestAuthorization(toShare: types, read: types) { success, error in
            guard success else {
                print("authorization failed: \(error?.localizedDescription ?? "unknown")")
                exit(1)
            }
            DispatchQueue.main.async {
                let configuration = HKWorkoutConfiguration()
                configuration.activityType = .running
                configuration.locationType = .outdoor
                self.workoutBuilder = HKWorkoutBuilder(healthStore: self.healthStore, configuration: configuration, device: .local())
                self.routeBuilder = HKWorkoutRouteBuilder(healthStore: self.healthStore, device: nil)
                self.locationManager.requestWhenInUseAuthorization()
                self.locationManager.startUpdatingLocation()
            }
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let good = locations.filter { $0.horizontalAccuracy >= 0 && $0.horizontalAccuracy < 50 }
        guard !good.isEmpty, !finishing else { return }
        if received.isEmpty {
            workoutBuilder.beginCollection(withStart: good[0].timestamp) { success, error in
                if !success { print("begin failed: \(error!)"); exit(1) }
            }
        }
        received += good
        routeBuilder.insertRouteData(good) { success, error in
            if !success { print("insert failed: \(error!)"); exit(1) }
        }
        if received.count >= wanted {
            finishing = true
            manager.stopUpdatingLocation()
            finish()
        }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        // No fix yet: the manager keeps trying.
        print("location: \(error.localizedDescription)")
    }

    func finish() {
        let end = received.last!.timestamp
        workoutBuilder.endCollection(withEnd: end) { _, error in
            if let error { print("end failed: \(error)"); exit(1) }
            self.workoutBuilder.finishWorkout { workout, error in
                guard let workout else { print("finish failed: \(error!)"); exit(1) }
                self.routeBuilder.finishRoute(with: workout, metadata: nil) { route, error in
                    guard let route else { print("route failed: \(error!)"); exit(1) }
                    print("workout \(workout.uuid.uuidString) route \(route.uuid.uuidString) locations \(route.count)")
                    exit(0)
                }
            }
        }
    }
}

let wanted = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10
let recorder = RouteRecorder(wanted: wanted)
recorder.start()
RunLoop.main.run(until: Date(timeIntervalSinceNow: 120))
print("timed out after 120 s with \(recorder.received.count) locations")
exit(2)
