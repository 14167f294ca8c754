import Foundation
import PaceAnalysis
import PaceModel
import Testing

/// Totals per week, month and year in the user's time zone; records; training load.
@Suite struct HistoryTests {
    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }

    static func run(_ start: String, meters: Double = 5000, seconds: Double = 1500, activity: WorkoutActivityType = .running,
                    heartRate: Double? = nil, efforts: [BestEffort] = [], power: Double? = nil) -> WorkoutDigest {
        WorkoutDigest(id: UUID(), activityType: activity, startDate: date(start), distance: meters, duration: seconds,
                      movingTime: seconds - 60, elevationGain: 20, averageHeartRate: heartRate, bestEfforts: efforts, bestWindowPower: power)
    }

    @Test func weeksAcrossTheSpringDaylightSavingChange() throws {
        // Given Berlin, where clocks go from 02:00 to 03:00 on Sunday 29 March 2026
        let calendar = Calendar.history(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
        let runs = [
            Self.run("2026-03-23T06:00:00Z"),   // Monday 07:00 CET
            Self.run("2026-03-29T21:30:00Z"),   // Sunday 23:30 CEST: still that week
            Self.run("2026-03-29T22:30:00Z"),   // Monday 00:30 CEST: the next week
        ]

        // When totalled per week
        let weeks = PeriodTotals.totals(of: runs, by: .week, calendar: calendar)

        // Then the DST week is 167 hours long and holds two runs
        #expect(weeks.count == 2)
        #expect(weeks[0].interval.start == Self.date("2026-03-22T23:00:00Z"), "Monday 00:00 CET")
        #expect(weeks[0].interval.duration == 167 * 3600)
        #expect(weeks[0].count == 2)
        #expect(weeks[0].distance == 10_000)
        #expect(weeks[0].duration == 3000)
        #expect(weeks[0].movingTime == 2880)
        #expect(weeks[0].elevationGain == 40)
        #expect(weeks[1].interval.start == Self.date("2026-03-29T22:00:00Z"), "Monday 00:00 CEST")
        #expect(weeks[1].count == 1)
    }

    @Test func weekBoundaryInAucklandIsNotUTCs() throws {
        // Sunday 13:00 UTC is Monday 01:00 in Auckland (UTC+12 in June)
        let run = Self.run("2026-06-07T13:00:00Z")
        let auckland = Calendar.history(timeZone: try #require(TimeZone(identifier: "Pacific/Auckland")))
        let utc = Calendar.history(timeZone: try #require(TimeZone(identifier: "UTC")))

        let local = try #require(PeriodTotals.totals(of: [run], by: .week, calendar: auckland).first)
        let universal = try #require(PeriodTotals.totals(of: [run], by: .week, calendar: utc).first)

        #expect(local.interval.start == Self.date("2026-06-07T12:00:00Z"), "Monday 8 June, 00:00 NZST")
        #expect(universal.interval.start == Self.date("2026-06-01T00:00:00Z"), "Monday 1 June, UTC")
    }

    @Test func weeksCanStartOnSunday() throws {
        let sunday = Calendar.history(timeZone: try #require(TimeZone(identifier: "UTC")), firstWeekday: 1)
        let week = try #require(PeriodTotals.totals(of: [Self.run("2026-06-07T13:00:00Z")], by: .week, calendar: sunday).first)
        #expect(week.interval.start == Self.date("2026-06-07T00:00:00Z"))
    }

    @Test func monthsAndYearsPerActivity() throws {
        let calendar = Calendar.history(timeZone: try #require(TimeZone(identifier: "UTC")))
        let workouts = [Self.run("2026-01-31T10:00:00Z"), Self.run("2026-02-01T10:00:00Z"),
                        Self.run("2026-02-02T10:00:00Z", meters: 30_000, activity: .cycling)]
        let months = PeriodTotals.totals(of: workouts, by: .month, calendar: calendar)
        #expect(months.map(\.count) == [1, 1, 1])
        #expect(months.map(\.activityType) == [.running, .cycling, .running], "by month, then activity name")
        let years = PeriodTotals.totals(of: workouts, by: .year, calendar: calendar)
        #expect(years.map(\.distance) == [30_000, 10_000])
    }

    @Test func recordsNameTheWorkoutThatSetThem() throws {
        // Given three runs: the second is fastest over 5 km, the first and third tie over 1 km
        let k1 = EffortDistance.kilometer, k5 = EffortDistance.fiveKilometers
        func effort(_ distance: EffortDistance, _ seconds: Double) -> BestEffort {
            BestEffort(distance: distance, duration: seconds, startOffset: 0, startDistance: 0)
        }
        let first = Self.run("2026-05-01T07:00:00Z", efforts: [effort(k1, 240), effort(k5, 1400)], power: 250)
        let second = Self.run("2026-05-08T07:00:00Z", efforts: [effort(k1, 245), effort(k5, 1350)], power: 240)
        let third = Self.run("2026-05-15T07:00:00Z", efforts: [effort(k1, 240)])
        let ride = Self.run("2026-05-09T07:00:00Z", activity: .cycling, power: 280)

        // When records are drawn
        let records = PersonalRecord.records(in: [third, ride, second, first])

        // Then each names its workout; the earliest of equal times keeps the record
        #expect(records.map(\.effort) == ["power20min", "1km", "5km", "power20min"])
        #expect(records[0].activityType == .cycling && records[0].power == 280 && records[0].workoutID == ride.id)
        #expect(records[1].workoutID == first.id && records[1].duration == 240)
        #expect(records[2].workoutID == second.id && records[2].duration == 1350 && records[2].date == second.startDate)
        #expect(records[3].workoutID == first.id && records[3].power == 250)
    }

    @Test func trainingLoadByHand() throws {
        // Given one hour at 150 bpm (rest 60, maximum 180): x = 0.75,
        // TRIMP = 60 × 0.75 × 0.64 × e^(1.92 × 0.75) = 121.556
        let model = TrainingLoad(restingHeartRate: 60, maximumHeartRate: 180)
        let calendar = Calendar.history(timeZone: try #require(TimeZone(identifier: "UTC")))
        let hour = WorkoutDigest(id: UUID(), activityType: .running, startDate: Self.date("2026-05-01T07:00:00Z"),
                                 distance: 12_000, duration: 3600, averageHeartRate: 150)
        #expect(abs(model.impulse(of: hour) - 121.556_039_5) < 1e-6)
        // Without heart rate: x = 0.6 assumed, 30 min → 30 × 0.6 × 0.64 × e^1.152 = 36.455
        let easy = WorkoutDigest(id: UUID(), activityType: .running, startDate: Self.date("2026-05-03T07:00:00Z"),
                                 distance: 5000, duration: 1800)
        #expect(abs(model.impulse(of: easy) - 36.455_219_9) < 1e-6)

        // When the days 1–3 May are computed
        let days = model.days(of: [hour, easy], from: Self.date("2026-05-01T00:00:00Z"), to: Self.date("2026-05-04T00:00:00Z"), calendar: calendar)

        // Then acute = previous + (impulse − previous) / 7, chronic the same over 42
        #expect(days.count == 3)
        let acute1 = 121.556_039_5 / 7, chronic1 = 121.556_039_5 / 42
        #expect(abs(days[0].acute - acute1) < 1e-6)
        #expect(abs(days[0].chronic - chronic1) < 1e-6)
        #expect(abs((days[0].ratio ?? 0) - 6) < 1e-9)
        let acute2 = acute1 * 6 / 7, acute3 = acute2 + (36.455_219_9 - acute2) / 7
        #expect(abs(days[1].acute - acute2) < 1e-6)
        #expect(abs(days[2].acute - acute3) < 1e-6)
        #expect(days[2].impulse == model.impulse(of: easy))
    }

    @Test func workoutsBeforeTheRangeWarmTheLoadUp() throws {
        let model = TrainingLoad()
        let calendar = Calendar.history(timeZone: try #require(TimeZone(identifier: "UTC")))
        let earlier = WorkoutDigest(id: UUID(), activityType: .running, startDate: Self.date("2026-04-01T07:00:00Z"), distance: 0, duration: 3600)
        let days = model.days(of: [earlier], from: Self.date("2026-05-01T00:00:00Z"), to: Self.date("2026-05-02T00:00:00Z"), calendar: calendar)
        #expect(days.count == 1)
        #expect(days[0].impulse == 0)
        #expect(days[0].chronic > 0 && days[0].acute > 0)
    }
}
