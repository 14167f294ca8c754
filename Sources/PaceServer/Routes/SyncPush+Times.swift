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
        func interval(_ start: Date, _ end: Date, _ prefix: String = "") -> (field: String, time: Date)? {
            if !APIDateTime.carries(start) { return (prefix + "startDate", start) }
            if !APIDateTime.carries(end) { return (prefix + "endDate", end) }
            return nil
        }
        switch object {
        case .quantitySample(let sample):
            return interval(sample.startDate, sample.endDate)
        case .categorySample(let sample):
            return interval(sample.startDate, sample.endDate)
        case .workout(let workout):
            if let found = interval(workout.startDate, workout.endDate) { return found }
            for (index, event) in workout.events.enumerated() {
                if let found = interval(event.startDate, event.endDate, "events[\(index)].") { return found }
            }
            return nil
        case .workoutRoute(let route):
            // A route may hold a hundred thousand locations: only the one found is named.
            guard let index = route.locations.firstIndex(where: { !APIDateTime.carries($0.timestamp) }) else { return nil }
            return ("locations[\(index)].timestamp", route.locations[index].timestamp)
        }
    }
}
