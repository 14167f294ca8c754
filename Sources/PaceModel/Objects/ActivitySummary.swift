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

    /// The day as `YYYY-MM-DD`, or `nil` when it is not a real Gregorian day (year 1…9999).
    public var dayText: String? { Self.dayText(day) }

    /// `YYYY-MM-DD` for year, month and day naming a real Gregorian day (year 1…9999), else `nil`.
    public static func dayText(_ components: DateComponents) -> String? {
        guard let year = components.year, let month = components.month, let day = components.day,
              (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
            return nil
        }
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: width - digits.count) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// The day components of `YYYY-MM-DD`, or `nil` when the text is not a real day.
    public static func day(fromText text: some StringProtocol) -> DateComponents? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        return dayText(components) == nil ? nil : components
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Checks the day and that each value is finite, not negative, and in a unit of its kind.
    /// - Throws: ``ActivitySummaryError`` naming the day, the field and what to do.
    public func validate() throws(ActivitySummaryError) {
        guard let text = dayText else {
            throw ActivitySummaryError(day: nil, field: "day", reason: "needs a valid year, month and day (e.g. 2026-03-29)")
        }
        let fields: [(String, Quantity?, HealthUnit)] = [
            ("activeEnergyBurned", activeEnergyBurned, .kilocalorie), ("activeEnergyBurnedGoal", activeEnergyBurnedGoal, .kilocalorie),
            ("appleMoveTime", appleMoveTime, .minute), ("appleMoveTimeGoal", appleMoveTimeGoal, .minute),
            ("appleExerciseTime", appleExerciseTime, .minute), ("appleExerciseTimeGoal", appleExerciseTimeGoal, .minute),
            ("appleStandHours", appleStandHours, .count), ("appleStandHoursGoal", appleStandHoursGoal, .count),
        ]
        for (field, quantity, unit) in fields {
            guard let quantity else { continue }
            guard quantity.isCompatible(with: unit) else {
                throw ActivitySummaryError(day: text, field: field,
                                           reason: "is in \(quantity.unit.unitString), which is not a unit of \(unit.unitString)'s kind")
            }
            guard quantity.value.isFinite, quantity.value >= 0 else {
                throw ActivitySummaryError(day: text, field: field, reason: "must be a finite value of 0 or more")
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
