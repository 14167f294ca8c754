import Foundation
import PaceModel
import Testing

/// The day of an activity summary, as text and back, and the rules a summary must keep.
@Suite struct ActivitySummaryTests {
    @Test(arguments: [
        (DateComponents(year: 2024, month: 2, day: 29), "2024-02-29"),
        (DateComponents(year: 2000, month: 2, day: 29), "2000-02-29"),
        (DateComponents(year: 7, month: 12, day: 31), "0007-12-31"),
    ])
    func realDaysWriteAsTextAndReadBack(components: DateComponents, text: String) {
        #expect(CalendarDay.text(components) == text)
        #expect(CalendarDay.components(fromText: text) == components)
    }

    @Test(arguments: ["2023-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "0000-01-01", "2026-3-1", "20260301", "2026-03-01x"])
    func textThatIsNotARealDayIsRefused(text: String) {
        #expect(CalendarDay.components(fromText: text) == nil)
    }

    @Test func theDayKeepsOnlyYearMonthAndDay() {
        let summary = ActivitySummary(day: DateComponents(year: 2026, month: 3, day: 29, hour: 13))

        #expect(summary.day == DateComponents(year: 2026, month: 3, day: 29))
    }

    @Test func validationNamesTheDayAndTheField() throws {
        let day = DateComponents(year: 2026, month: 3, day: 29)
        try ActivitySummary(day: day, activeEnergyBurned: Quantity(value: 0, unit: .kilojoule),
                            appleStandHours: Quantity(value: 12, unit: .count)).validate()

        let wrongKind = #expect(throws: ActivitySummaryError.self) {
            try ActivitySummary(day: day, appleStandHoursGoal: Quantity(value: 12, unit: .hour)).validate()
        }
        let notFinite = #expect(throws: ActivitySummaryError.self) {
            try ActivitySummary(day: day, appleExerciseTime: Quantity(value: .infinity, unit: .minute)).validate()
        }

        #expect(wrongKind?.field == "appleStandHoursGoal")
        #expect(wrongKind?.day == "2026-03-29")
        #expect(notFinite?.description == "Invalid activity summary 2026-03-29: appleExerciseTime must be a finite value of 0 or more.")
    }
}
