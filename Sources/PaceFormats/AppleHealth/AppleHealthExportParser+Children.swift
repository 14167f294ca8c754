import Foundation
import PaceModel

/// The child elements of a workout (`WorkoutEvent`, `WorkoutStatistics`), of a route (`Location`),
/// and the `Me` and `ActivitySummary` elements.
extension AppleHealthExportParser {
    func addEvent(_ pending: Pending) {
        let typeName = pending.attributes["type"] ?? ""
        guard let type: WorkoutEventType = AppleHealthValues.enumCase(typeName, prefix: "HKWorkoutEventType") else {
            warn(.unknownType, "workout event type '\(typeName)' is not known to Pace; event skipped.", pending)
            return
        }
        guard let date = pending.attributes["date"].flatMap(AppleHealthValues.date) else {
            warn(.invalidDate, "a workout event has no readable date; event skipped.", pending)
            return
        }
        var duration: TimeInterval = 0
        if pending.attributes["duration"] != nil {
            guard let quantity = quantity(pending.attributes["duration"], pending.attributes["durationUnit"] ?? "min", pending,
                                          what: "workout event duration"),
                  let seconds = try? quantity.doubleValue(for: .second) else { return }
            duration = seconds
        }
        workout?.events.append(WorkoutEvent(type: type, start: date, duration: duration, metadata: pending.metadata))
    }

    func addStatistics(_ pending: Pending) {
        let attributes = pending.attributes
        let typeName = attributes["type"] ?? ""
        guard let type = QuantityTypeIdentifier(rawValue: typeName) else {
            warn(.unknownType, "workout statistics type '\(typeName)' is not known to Pace; statistics skipped.", pending)
            return
        }
        guard let (start, end) = interval(pending, what: "\(typeName) statistics") else { return }
        func value(_ name: String) -> Quantity? {
            attributes[name] == nil ? nil : quantity(attributes[name], attributes["unit"], pending, what: "\(typeName) statistics")
        }
        let statistics = WorkoutStatistics(type: type, start: start, end: end, sum: value("sum"), average: value("average"),
                                           minimum: value("minimum"), maximum: value("maximum"))
        if workout?.inActivity == true {
            workout!.openActivity.statistics[type] = statistics
        } else {
            workout?.statistics[type] = statistics
        }
    }

    func addLocation(_ pending: Pending) {
        let attributes = pending.attributes
        guard let date = attributes["date"].flatMap(AppleHealthValues.date),
              let latitude = AppleHealthValues.number(attributes["latitude"]),
              let longitude = AppleHealthValues.number(attributes["longitude"]) else {
            warn(.invalidValue, "a route <Location> lacks a readable date, latitude or longitude; location skipped.", pending)
            return
        }
        func number(_ name: String, _ fallback: Double) -> Double { AppleHealthValues.number(attributes[name]) ?? fallback }
        route?.locations.append(RouteLocation(timestamp: date, latitude: latitude, longitude: longitude, altitude: number("altitude", 0),
                                              speed: number("speed", -1), course: number("course", -1),
                                              horizontalAccuracy: number("horizontalAccuracy", -1),
                                              verticalAccuracy: number("verticalAccuracy", -1)))
    }

    func characteristics(_ pending: Pending) -> AppleHealthCharacteristics {
        var result = AppleHealthCharacteristics()
        for (key, value) in pending.attributes {
            switch CharacteristicTypeIdentifier(rawValue: key) {
            case .dateOfBirth?: result.dateOfBirth = AppleHealthValues.day(value)
            case .biologicalSex?: result.biologicalSex = AppleHealthValues.enumCase(value, prefix: "HKBiologicalSex")
            case .bloodType?: result.bloodType = AppleHealthValues.enumCase(value, prefix: "HKBloodType")
            case .fitzpatrickSkinType?:
                result.fitzpatrickSkinType = AppleHealthValues.enumCase(value, prefix: "HKFitzpatrickSkinType", alsoPrefixed: "type")
            case .wheelchairUse?: result.wheelchairUse = AppleHealthValues.enumCase(value, prefix: "HKWheelchairUse")
            case .activityMoveMode?: result.activityMoveMode = AppleHealthValues.enumCase(value, prefix: "HKActivityMoveMode")
            case nil: warn(.unknownType, "characteristic '\(key)' is not known to Pace; skipped.", pending)
            }
        }
        return result
    }

    func activitySummary(_ pending: Pending) {
        let attributes = pending.attributes
        guard let date = attributes["dateComponents"].flatMap(AppleHealthValues.day) else {
            warn(.invalidDate, "an ActivitySummary has no readable dateComponents; skipped.", pending)
            return
        }
        let unit = attributes["activeEnergyBurnedUnit"] ?? "kcal"
        func energy(_ name: String) -> Quantity? {
            attributes[name] == nil ? nil : quantity(attributes[name], unit, pending, what: "ActivitySummary \(name)")
        }
        func count(_ name: String, _ unit: HealthUnit) -> Quantity? {
            AppleHealthValues.number(attributes[name]).map { Quantity(value: $0, unit: unit) }
        }
        let summary = ActivitySummary(
            day: date, activeEnergyBurned: energy("activeEnergyBurned"), activeEnergyBurnedGoal: energy("activeEnergyBurnedGoal"),
            appleMoveTime: count("appleMoveTime", .minute), appleMoveTimeGoal: count("appleMoveTimeGoal", .minute),
            appleExerciseTime: count("appleExerciseTime", .minute), appleExerciseTimeGoal: count("appleExerciseTimeGoal", .minute),
            appleStandHours: count("appleStandHours", .count), appleStandHoursGoal: count("appleStandHoursGoal", .count))
        guard valid(summary, pending, what: "ActivitySummary", { try summary.validate() }) != nil else { return }
        self.summary.activitySummaryCount += 1
        emit(.activitySummary(summary))
    }
}
