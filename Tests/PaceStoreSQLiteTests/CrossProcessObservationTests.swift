import Foundation
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// Commits made through another connection pool on the same file (as another process makes them)
/// reach the long-running queries too, through the backend's polling of the file.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct CrossProcessObservationTests {
    @Test func anObserverHearsOfASaveThroughAnotherPool() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let watching = try HealthStore(path: path)
        let writing = try HealthStore(path: path)
        var notifications = try await watching.observe(.quantity(.heartRate)).makeAsyncIterator()
        let sample = TestObjects.heartRate(120)
        try await writing.save(sample)
        let notification = try await notifications.next()
        #expect(notification?.anchor == (try await writing.anchor(of: sample.id)))
    }

    @Test func activitySummaryUpdatesHearOfAnotherPoolsSave() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let watching = try HealthStore(path: path)
        let writing = try HealthStore(path: path)
        let day = DateComponents(year: 2026, month: 3, day: 2)
        var updates = try watching.activitySummaryUpdates(from: day, through: day).makeAsyncIterator()
        #expect(try await updates.next() == [])
        var summary = ActivitySummary(day: day)
        summary.appleExerciseTime = Quantity(value: 30, unit: .minute)
        try await writing.saveActivitySummaries([summary])
        #expect(try await updates.next() == [summary])
    }
}
