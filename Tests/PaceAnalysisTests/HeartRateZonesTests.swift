import Foundation
import PaceAnalysis
import PaceModel
import Testing

/// Zones of the maximum or of the reserve, and the time counted in them.
@Suite struct HeartRateZonesTests {
    @Test func zonesOfTheMaximum() {
        let zones = HeartRateZones(maximum: 200)
        #expect([90.0, 100, 119, 120, 150, 170, 180, 210].map(zones.zone(of:)) == [0, 1, 1, 2, 3, 4, 5, 5])
        #expect(zones.lowerHeartRate(ofZone: 1) == 100)
        #expect(zones.lowerHeartRate(ofZone: 0) == nil)
    }

    @Test func zonesOfTheReserve() {
        // Karvonen: 60 + f × (200 − 60); zone 3 begins at 60 + 0.7 × 140 = 158
        let zones = HeartRateZones(maximum: 200, resting: 60)
        #expect(zones.lowerHeartRate(ofZone: 3) == 158)
        #expect(zones.zone(of: 157) == 2)
        #expect(zones.zone(of: 158) == 3)
    }

    @Test func customBounds() {
        let zones = HeartRateZones(maximum: 200, lowerBounds: [0.8, 0.6])
        #expect(zones.count == 3)
        #expect([110.0, 130, 170].map(zones.zone(of:)) == [0, 1, 2])
    }

    @Test func decodesZonesSavedWithOnlyAMaximum() throws {
        let zones = try JSONDecoder().decode(HeartRateZones.self, from: Data(#"{"maximum": 185}"#.utf8))
        #expect(zones == HeartRateZones(maximum: 185))
    }

    @Test func zoneTimesAddUpToTheSeriesDuration() throws {
        // Given heart rate every 2 s for 10 minutes, one 40 s dropout, then 5 more minutes
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        var series: [TimedQuantity] = []
        for index in 0..<300 {
            let date = start.addingTimeInterval(Double(index) * 2)
            series.append(TimedQuantity(start: date, end: date, value: 100 + Double(index % 100)))
        }
        for index in 0..<150 {
            let date = start.addingTimeInterval(638 + Double(index) * 2)
            series.append(TimedQuantity(start: date, end: date, value: 150))
        }

        // When time is counted in zones
        let times = HeartRateZoneTimes(series: series, zones: HeartRateZones(maximum: 190))

        // Then every sample holds 2 s but the one before the dropout holds 15 s, and the last 0 s
        #expect(times.seconds.count == 6)
        #expect(abs(times.total - (299 * 2 + 15 + 149 * 2)) < 1e-9)
        #expect(abs(times.seconds.reduce(0, +) - times.total) < 1e-9)
        #expect(times.seconds[0] == 0, "no heart rate below 95 bpm")
    }
}
