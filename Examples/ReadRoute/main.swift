// Reads a route as it appears, the way an iOS app does: an anchored query on workout routes with
// an update handler waits for a new route, then a route query reads its locations in batches.
// Written against Apple's HealthKit; on Linux, Pace provides it (docs/HEALTHKIT.md).
//
//     swift run ReadRoute        (prints "ready", then the first new route's locations)
import CoreLocation
import Foundation
import HealthKit

let healthStore = HKHealthStore()
let routeType = HKSeriesType.workoutRoute()

func readLocations(of route: HKWorkoutRoute) {
    var locations: [CLLocation] = []
    let query = HKWorkoutRouteQuery(route: route) { _, batch, done, error in
        if let error {
            print("route query failed: \(error.localizedDescription)")
            exit(1)
        }
        locations += batch ?? []
        if done {
            let distance = zip(locations, locations.dropFirst()).reduce(0) { $0 + $1.1.distance(from: $1.0) }
            print("route \(route.uuid.uuidString) locations \(locations.count) distance \(Int(distance.rounded())) m")
            exit(0)
        }
    }
    healthStore.execute(query)
}

healthStore.requestAuthorization(toShare: nil, read: [routeType, HKObjectType.workoutType()]) { success, _ in
    guard success else { exit(1) }
    var seenFirstResults = false
    let query = HKAnchoredObjectQuery(type: routeType, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, _, _, _, error in
        if let error { print("anchored query failed: \(error)"); exit(1) }
        seenFirstResults = true
        print("ready")
        fflush(stdout)
    }
    query.updateHandler = { _, added, _, _, _ in
        guard seenFirstResults, let route = added?.first as? HKWorkoutRoute else { return }
        readLocations(of: route)
    }
    healthStore.execute(query)
}

dispatchMain()
