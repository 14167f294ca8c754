import Foundation
@testable import PaceServer
import PaceStore
import Testing

/// The added samples' times in ``WorkoutChanges``: merged into spans, never narrower than the samples.
@Suite struct WorkoutChangesTests {
    private static let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func samplesOfOneRunAreOneSpanAndApartOnesStayApart() {
        var changes = WorkoutChanges(anchor: QueryAnchor(storeID: UUID(), anchor: .initial))
        for second in 0..<3_600 { changes.addSampleTime(Self.t0 + Double(second), Self.t0 + Double(second)) }
        #expect(changes.sampleTimes.count == 1)
        #expect(changes.sampleTimes.first?.start == Self.t0 && changes.sampleTimes.first?.end == Self.t0 + 3_599)

        // Two hours later: another span. Earlier than the last span's start: another span too.
        changes.addSampleTime(Self.t0 + 7_200, Self.t0 + 7_260)
        changes.addSampleTime(Self.t0 + 7_300, Self.t0 + 7_310)
        changes.addSampleTime(Self.t0 - 86_400, Self.t0 - 86_000)
        #expect(changes.sampleTimes.map(\.start) == [Self.t0, Self.t0 + 7_200, Self.t0 - 86_400])
        #expect(changes.sampleTimes.map(\.end) == [Self.t0 + 3_599, Self.t0 + 7_310, Self.t0 - 86_000])
        #expect(changes.sampleSpan?.start == Self.t0 - 86_400 && changes.sampleSpan?.end == Self.t0 + 7_310)

        // A long sample inside the last span widens it to its end.
        changes.addSampleTime(Self.t0 - 86_300, Self.t0 - 80_000)
        #expect(changes.sampleTimes.last?.end == Self.t0 - 80_000)
        #expect(changes.sampleTimes.count == 3)
    }
}
