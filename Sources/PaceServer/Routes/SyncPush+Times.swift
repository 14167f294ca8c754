import Foundation
import PaceAPI
import PaceModel

extension SyncPush {
    /// The first time of `object` that the API's JSON cannot carry (``APIDateTime/carries(_:)``:
    /// outside the years 0000–9999), with the field that holds it; `nil` when there is none.
    ///
    /// A sync push carries times as numbers, so it could store a time that every later answer
    /// holding the object would have to write as RFC 3339 text, and that no JSON body could send
    /// back: the pages of the account's workouts or samples would fail with it (DECISIONS 185).
    static func timeTheAPICannotCarry(in object: HealthObject) -> (field: String, time: Date)? {
        func first(_ times: [(String, Date)]) -> (field: String, time: Date)? {
            times.first { !APIDateTime.carries($0.1) }.map { (field: $0.0, time: $0.1) }
        }
        switch object {
        case .quantitySample(let sample):
            return first([("startDate", sample.startDate), ("endDate", sample.endDate)])
        case .categorySample(let sample):
            return first([("startDate", sample.startDate), ("endDate", sample.endDate)])
        case .workout(let workout):
            if let found = first([("startDate", workout.startDate), ("endDate", workout.endDate)]) { return found }
            guard let index = workout.events.firstIndex(where: { !APIDateTime.carries($0.startDate) || !APIDateTime.carries($0.endDate) }) else {
                return nil
            }
            let event = workout.events[index]
            return first([("events[\(index)].startDate", event.startDate), ("events[\(index)].endDate", event.endDate)])
        case .workoutRoute(let route):
            // A route may hold a hundred thousand locations: only the one found is named.
            guard let index = route.locations.firstIndex(where: { !APIDateTime.carries($0.timestamp) }) else { return nil }
            return (field: "locations[\(index)].timestamp", time: route.locations[index].timestamp)
        }
    }
}
