import Foundation
import PaceFormats
import PaceModel
import Testing

/// `<ActivitySummary>` days and values the model refuses are warned about and skipped, never
/// delivered: the reader promises that every object it delivers passes its own `validate()`
/// (the `applehealth` fuzz target found `dateComponents="20161-4-05"` delivered; docs/RELIABILITY.md).
@Suite struct AppleHealthActivitySummaryTests {
    private static func summary(_ day: String, exercise: String = "6") -> String {
        "<ActivitySummary dateComponents=\"\(day)\" activeEnergyBurned=\"56.609\" activeEnergyBurnedGoal=\"680\" "
            + "activeEnergyBurnedUnit=\"kcal\" appleExerciseTime=\"\(exercise)\" appleExerciseTimeGoal=\"30\"/>"
    }

    @Test func summariesOnImpossibleDaysOrWithNegativeValuesAreWarnedAboutAndSkipped() throws {
        // Given an export with a good day, a five-digit year, 30 February, a negative exercise time,
        // and an unpadded good day
        let body = [
            Self.summary("2016-04-05"),
            Self.summary("20161-4-05"),
            Self.summary("2016-02-30"),
            Self.summary("2016-04-07", exercise: "-6"),
            Self.summary("2016-4-6"),
        ].joined(separator: "\n")
        let folder = try AppleHealthFixtures.export(body)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When it is read
        let (items, summary) = try AppleHealthFixtures.read(folder)

        // Then only the two real days are delivered, each valid
        #expect(items.activitySummaries.map(\.dayText) == ["2016-04-05", "2016-04-06"])
        for delivered in items.activitySummaries { #expect(throws: Never.self) { try delivered.validate() } }
        #expect(summary.activitySummaryCount == 2)

        // And the three others are warnings at their lines: two unreadable dates, one invalid value
        #expect(summary.warnings.map(\.code) == [.invalidDate, .invalidDate, .invalidValue])
        #expect(summary.warnings.map(\.line) == [4, 5, 6])
        #expect(summary.warnings.last?.message.contains("appleExerciseTime") == true)
    }
}
