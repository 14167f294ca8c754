public import Foundation

/// One calendar day of activity rings, as HealthKit's `HKActivitySummary`: the Move ring's active
/// energy (or, in the move-time mode, its minutes), the Exercise ring's minutes and the Stand ring's
/// hours, each with the day's goal.
///
/// A summary is identified by its day (year, month and day of the Gregorian calendar, as the
/// device that computed it counted days); the store keeps one per day. Absent values are `nil`:
/// an export from before a ring existed, or a day the watch was not worn.
///
/// ```swift
/// let day = ActivitySummary(day: DateComponents(year: 2026, month: 3, day: 29),
///                           activeEnergyBurned: Quantity(value: 512, unit: .kilocalorie))
/// ```
public struct ActivitySummary: Hashable, Sendable, Codable {
    /// The day: `year`, `month` and `day` (other components are ignored).
    public var day: DateComponents
    /// Active energy burned that day; an energy (kcal, kJ).
    public var activeEnergyBurned: Quantity?
    /// The Move goal; an energy.
    public var activeEnergyBurnedGoal: Quantity?
    /// Move time that day, in the move-time mode (``ActivityMoveMode/appleMoveTime``); a time (min).
    public var appleMoveTime: Quantity?
    /// The Move goal in the move-time mode; a time.
    public var appleMoveTimeGoal: Quantity?
    /// Exercise time that day; a time (min).
    public var appleExerciseTime: Quantity?
    /// The Exercise goal; a time.
    public var appleExerciseTimeGoal: Quantity?
    /// Hours with a stand that day; a count.
    public var appleStandHours: Quantity?
    /// The Stand goal; a count of hours.
    public var appleStandHoursGoal: Quantity?

    /// Creates a summary.
    public init(day: DateComponents, activeEnergyBurned: Quantity? = nil, activeEnergyBurnedGoal: Quantity? = nil,
                appleMoveTime: Quantity? = nil, appleMoveTimeGoal: Quantity? = nil, appleExerciseTime: Quantity? = nil, appleExerciseTimeGoal: Quantity? = nil,
                appleStandHours: Quantity? = nil, appleStandHoursGoal: Quantity? = nil) {
        self.day = DateComponents(year: day.year, month: day.month, day: day.day)
        self.activeEnergyBurned = activeEnergyBurned
        self.activeEnergyBurnedGoal = activeEnergyBurnedGoal
        self.appleMoveTime = appleMoveTime
        self.appleMoveTimeGoal = appleMoveTimeGoal
        self.appleExerciseTime = appleExerciseTime
        self.appleExerciseTimeGoal = appleExerciseTimeGoal
        self.appleStandHours = appleStandHours
        self.appleStandHoursGoal = appleStandHoursGoal
    }

    /// The day as `YYYY-MM-DD` (``CalendarDay``), or `nil` when it is not a real day.
    public var dayText: String? { CalendarDay.text(day) }

    /// One value of a summary: its HealthKit name (also its store column), where it is, and the unit
    /// of its kind it is stored and read back in.
    public struct Field: Sendable {
        /// The HealthKit property name, e.g. `"appleExerciseTime"`.
        public let name: String
        /// The property.
        public let keyPath: any WritableKeyPath<ActivitySummary, Quantity?> & Sendable
        /// The canonical unit: kilocalories for energy, minutes for time, a count for stand hours.
        public let unit: HealthUnit
    }

    /// Every value of a summary, in HealthKit's order (move, exercise, stand; each value before its goal).
    public static let fields: [Field] = [
        Field(name: "activeEnergyBurned", keyPath: \.activeEnergyBurned, unit: .kilocalorie),
        Field(name: "activeEnergyBurnedGoal", keyPath: \.activeEnergyBurnedGoal, unit: .kilocalorie),
        Field(name: "appleMoveTime", keyPath: \.appleMoveTime, unit: .minute),
        Field(name: "appleMoveTimeGoal", keyPath: \.appleMoveTimeGoal, unit: .minute),
        Field(name: "appleExerciseTime", keyPath: \.appleExerciseTime, unit: .minute),
        Field(name: "appleExerciseTimeGoal", keyPath: \.appleExerciseTimeGoal, unit: .minute),
        Field(name: "appleStandHours", keyPath: \.appleStandHours, unit: .count),
        Field(name: "appleStandHoursGoal", keyPath: \.appleStandHoursGoal, unit: .count),
    ]

    /// Checks the day and that each value is finite, not negative, and in a unit of its kind.
    /// - Throws: ``ActivitySummaryError`` naming the day, the field and what to do.
    public func validate() throws(ActivitySummaryError) {
        guard let text = dayText else {
            throw ActivitySummaryError(day: nil, field: "day", reason: "needs a valid year, month and day (e.g. 2026-03-29)")
        }
        for field in Self.fields {
            guard let quantity = self[keyPath: field.keyPath] else { continue }
            guard quantity.isCompatible(with: field.unit) else {
                throw ActivitySummaryError(day: text, field: field.name,
                                           reason: "is in \(quantity.unit.unitString), which is not a unit of \(field.unit.unitString)'s kind")
            }
            guard quantity.value.isFinite, quantity.value >= 0 else {
                throw ActivitySummaryError(day: text, field: field.name, reason: "must be a finite value of 0 or more")
            }
        }
    }
}

/// An ``ActivitySummary`` that breaks a rule: the day is not a real day, or a value is negative or
/// in a unit of the wrong kind.
public struct ActivitySummaryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The day as `YYYY-MM-DD`, when it is valid.
    public var day: String?
    /// The field that is wrong, e.g. `"appleExerciseTime"`.
    public var field: String
    /// Why it is wrong and what to do.
    public var reason: String

    /// Creates the error.
    public init(day: String?, field: String, reason: String) {
        self.day = day
        self.field = field
        self.reason = reason
    }

    /// One line: `Invalid activity summary <day>: <field> <reason>.`
    public var description: String {
        "Invalid activity summary\(day.map { " " + $0 } ?? ""): \(field) \(reason)."
    }
}
