import CoreLocation
import Foundation
import PaceModel
import Testing

/// The manager's rules as a value, without clocks or sources: distance filter, desired accuracy
/// for a one-shot request and its time-out, one failure per outage.
@Suite struct LocationUpdatePolicyTests {
    static func fix(_ latitude: Double, accuracy: Double = 5) -> RouteLocation {
        RouteLocation(timestamp: Date(timeIntervalSince1970: 1_795_000_000), latitude: latitude, longitude: 8.54, horizontalAccuracy: accuracy)
    }

    @Test func continuousUpdatesPassTheDistanceFilterAndNeverTheirAccuracy() {
        var policy = LocationUpdatePolicy()
        policy.distanceFilter = 100
        policy.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
        policy.startUpdating()
        #expect(policy.receive(Self.fix(45, accuracy: 80)) == [.deliver(Self.fix(45, accuracy: 80))], "first fix, however inaccurate")
        #expect(policy.receive(Self.fix(45.0005)).isEmpty, "55 m on")
        #expect(policy.receive(Self.fix(45.001)) == [.deliver(Self.fix(45.001))], "111 m on")
        #expect(policy.receive(Self.fix(46, accuracy: -1)).isEmpty, "an invalid position")
        policy.stopUpdating()
        #expect(policy.receive(Self.fix(47)).isEmpty && !policy.needsSource)
        policy.startUpdating()
        #expect(policy.receive(Self.fix(45.001)) == [.deliver(Self.fix(45.001))], "a new start delivers its first fix")
    }

    @Test func aRequestTakesTheFirstAccurateEnoughFixOrTheBestWhenItTimesOut() {
        var policy = LocationUpdatePolicy()
        policy.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
        policy.requestLocation()
        #expect(policy.needsSource)
        #expect(policy.receive(Self.fix(1, accuracy: 80)).isEmpty)
        #expect(policy.receive(Self.fix(2, accuracy: 40)).isEmpty)
        #expect(policy.receive(Self.fix(3, accuracy: 60)).isEmpty)
        #expect(policy.requestTimedOut(after: .seconds(10)) == [.deliver(Self.fix(2, accuracy: 40))])
        #expect(!policy.needsSource)

        policy.requestLocation()
        #expect(policy.receive(Self.fix(4, accuracy: 9)) == [.deliver(Self.fix(4, accuracy: 9))])
        #expect(policy.requestTimedOut(after: .seconds(10)).isEmpty, "already answered")

        policy.requestLocation()
        #expect(policy.requestTimedOut(after: .seconds(10)) == [.fail(reason: "no location from the GPS within 10.0 seconds")])
    }

    @Test func anOutageIsReportedOnceWhileUpdating() {
        var policy = LocationUpdatePolicy()
        #expect(policy.lose(reason: "x").isEmpty, "not updating")
        policy.startUpdating()
        policy.sourceStarted()
        #expect(policy.lose(reason: "gone") == [.fail(reason: "gone")])
        #expect(policy.lose(reason: "still gone").isEmpty)
        #expect(policy.noFixYet(after: .seconds(15)).isEmpty, "already reported")
        _ = policy.receive(Self.fix(1))
        #expect(policy.noFixYet(after: .seconds(15)).isEmpty, "a fix came")
        #expect(policy.lose(reason: "gone again") == [.fail(reason: "gone again")])
    }
}
