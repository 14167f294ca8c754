import CoreLocation
import Foundation
import PaceSensors
import PaceTestSupport
import Testing

/// iOS 17's `CLLocationUpdate.liveUpdates()`, fed by a scripted source through the package hook.
@Suite struct CLLocationUpdateTests {
    /// One fix per second of GPS time from `start`, at `speed` m/s.
    static func fixes(_ count: Int, from start: Date, latitude: Double, speed: Double) -> [ScriptedSensorSource.Step] {
        (0..<count).map { ScriptedFixes.fix(latitude: latitude + Double($0) * 1e-5, speed: speed, time: start.addingTimeInterval(Double($0))) }
    }

    @Test func movingStationaryAndLostAsApplesDocumentsThem() async throws {
        // Given 5 s moving, 20 s standing, 5 s moving again (GPS time), then a lost GPS
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let steps = Self.fixes(5, from: start, latitude: 47, speed: 3)
            + Self.fixes(20, from: start.addingTimeInterval(5), latitude: 47.1, speed: 0)
            + Self.fixes(5, from: start.addingTimeInterval(25), latitude: 47.2, speed: 3)
            + [ScriptedFixes.lost()]
        let source = ScriptedFixes.source(steps)
        // When the updates are read until the loss
        var updates: [CLLocationUpdate] = []
        try await LocationSourceResolver.$override.withValue(source) {
            for try await update in CLLocationUpdate.liveUpdates(.fitness) {
                updates.append(update)
                if update.locationUnavailable { break }
            }
        }
        // Then moving fixes come one by one; standing still gives one stationary update, then
        // nothing until the device moves (resuming takes the detector's few seconds), then the loss
        let stationary = updates.filter(\.isStationary)
        #expect(stationary.count == 1, "\(updates.map(\.isStationary))")
        let firstStationary = try #require(updates.firstIndex { $0.isStationary })
        #expect(updates[..<firstStationary].allSatisfy { !$0.isStationary && $0.location != nil })
        #expect(updates.count < 30, "standing still must suspend updates")
        let last = try #require(updates.last)
        #expect(last.location == nil && last.locationUnavailable && !last.isStationary)
        #expect(updates.dropLast().allSatisfy { !$0.locationUnavailable && $0.location?.horizontalAccuracy == 5 })
        #expect(updates.dropLast().last?.location?.coordinate.latitude == 47.2 + 4e-5)
        #expect(!last.authorizationDenied && !last.authorizationDeniedGlobally && !last.authorizationRestricted)
        #expect(!last.insufficientlyInUse && !last.accuracyLimited && !last.serviceSessionRequired && !last.authorizationRequestInProgress)
        #expect(stationary[0].stationary)
    }

    @Test func endingTheLoopStopsTheSource() async throws {
        // Given an endless GPS
        let steps = (0..<10_000).map { ScriptedFixes.fix(latitude: 10 + Double($0) * 1e-5) }
        let source = ScriptedFixes.source(steps)
        // When the reader takes three and leaves
        var count = 0
        try await LocationSourceResolver.$override.withValue(source) {
            for try await _ in CLLocationUpdate.liveUpdates() {
                count += 1
                if count == 3 { break }
            }
        }
        // Then it got three, and the script never finished (the source was cancelled)
        #expect(count == 3)
        #expect(!source.progress.isFinished)
    }

    @Test func aTaskCancelledWhileWaitingEndsTheSequence() async throws {
        let source = ScriptedFixes.source([])
        let reader = Task {
            try await LocationSourceResolver.$override.withValue(source) {
                var count = 0
                for try await _ in CLLocationUpdate.liveUpdates() { count += 1 }
                return count
            }
        }
        reader.cancel()
        #expect(try await reader.value == 0)
    }
}
