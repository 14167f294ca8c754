import Foundation
package import PaceFormats
package import PaceModel

/// The invariant checks the targets share; each failure is a ``FuzzInvariantViolation`` of one target.
package struct FuzzCheck: Sendable {
    /// The target whose violations these are.
    package let target: String

    /// Creates the checks of one target.
    package init(target: String) { self.target = target }

    /// Throws `message` unless `condition` holds.
    package func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzInvariantViolation) {
        guard condition else { throw FuzzInvariantViolation(target: target, message: message()) }
    }

    /// Throws unless `value` (when present) is finite and, when a range is given, inside it.
    package func value(_ value: Double?, _ name: @autoclosure () -> String,
                       in range: ClosedRange<Double>? = nil) throws(FuzzInvariantViolation) {
        guard let value else { return }
        try require(value.isFinite, "\(name()) \(value) is not finite")
        if let range { try require(range.contains(value), "\(name()) \(value) outside \(range)") }
    }

    /// The promises every activity reader (GPX, TCX, FIT) makes for a record: a position is a real
    /// WGS-84 position (latitude and longitude together, finite, in range), every value is finite,
    /// a pressure is a plausible air pressure.
    package func record(_ record: ActivityRecord, _ place: String) throws(FuzzInvariantViolation) {
        try require((record.latitude == nil) == (record.longitude == nil), "\(place): latitude without longitude or the reverse")
        try value(record.latitude, "\(place): latitude", in: -90...90)
        try value(record.longitude, "\(place): longitude", in: -180...180)
        try value(record.altitude, "\(place): altitude")
        try value(record.distance, "\(place): distance")
        try value(record.speed, "\(place): speed")
        try value(record.course, "\(place): course")
        try value(record.heartRate, "\(place): heart rate")
        try value(record.cadence, "\(place): cadence")
        try value(record.power, "\(place): power")
        try value(record.temperature, "\(place): temperature")
        try value(record.horizontalAccuracy, "\(place): horizontal accuracy")
        try value(record.verticalAccuracy, "\(place): vertical accuracy")
        try value(record.pressure, "\(place): pressure", in: ActivityRecord.plausiblePressures)
        if let time = record.time { try value(time.timeIntervalSince1970, "\(place): time") }
    }

    /// ``record(_:_:)`` for every record of every lap, and finite lap totals.
    package func activity(_ activity: RecordedActivity, _ place: String) throws(FuzzInvariantViolation) {
        for (lapIndex, lap) in activity.laps.enumerated() {
            let lapPlace = "\(place) lap \(lapIndex)"
            try value(lap.totalElapsedTime, "\(lapPlace): elapsed time")
            try value(lap.totalTimerTime, "\(lapPlace): timer time")
            try value(lap.distance, "\(lapPlace): distance")
            try value(lap.calories, "\(lapPlace): calories")
            try value(lap.averageHeartRate, "\(lapPlace): average heart rate")
            try value(lap.maximumHeartRate, "\(lapPlace): maximum heart rate")
            for (index, item) in lap.records.enumerated() { try record(item, "\(lapPlace) record \(index)") }
        }
        try value(activity.totalAscent, "\(place): total ascent")
        try value(activity.totalDescent, "\(place): total descent")
    }

    /// The promises of a route location (Core Location's): finite fields, a position in range,
    /// a course below 360° unless it is negative ("not available").
    package func location(_ location: RouteLocation, _ place: String) throws(FuzzInvariantViolation) {
        try value(location.latitude, "\(place): latitude", in: -90...90)
        try value(location.longitude, "\(place): longitude", in: -180...180)
        try value(location.altitude, "\(place): altitude")
        try value(location.speed, "\(place): speed")
        try value(location.course, "\(place): course", in: -.infinity...360)
        try value(location.horizontalAccuracy, "\(place): horizontal accuracy")
        try value(location.verticalAccuracy, "\(place): vertical accuracy")
        try value(location.speedAccuracy, "\(place): speed accuracy")
        try value(location.courseAccuracy, "\(place): course accuracy")
        try value(location.timestamp.timeIntervalSince1970, "\(place): time")
    }

    /// An XML reader's refusal is positioned: a line and column, when given, are 1-based.
    package func position(line: Int?, column: Int?, _ place: String) throws(FuzzInvariantViolation) {
        if let line { try require(line >= 1, "\(place): line \(line) is not 1-based") }
        if let column { try require(column >= 1, "\(place): column \(column) is not 1-based") }
    }
}
