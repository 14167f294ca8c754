import Foundation
import PaceModel
import PaceStore

/// The deterministic data set of `pace-bench queries`: five years (1,825 days from 2020-01-01 UTC) of heart
/// rate every 5 minutes and hourly steps, 1,000 running workouts with 3,600-point 1 Hz routes, and one more
/// workout, after the five years, with a 100,000-point route. Values come from a seeded generator; object
/// identifiers are the store's time-ordered UUIDs.
struct QueriesData {
    let start: Date
    let end: Date
    var heartRate: [QuantitySample] = []
    var steps: [QuantitySample] = []
    var workouts: [(Workout, WorkoutRoute)] = []
    var longRouteID = UUID()
    var routePoints = 0

    static let days = 1825
    static let source = Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.watch", version: "10.1")

    static func generate(seed: UInt64) -> QueriesData {
        var random = SplitMix64(seed: seed)
        let start = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01 00:00:00 UTC
        var data = QueriesData(start: start, end: start.addingTimeInterval(Double(days) * 86_400))
        let bpm = HealthUnit.countPerMinute
        data.heartRate.reserveCapacity(days * 288)
        for index in 0..<(days * 288) {
            let t = start.addingTimeInterval(Double(index) * 300)
            let hour = Double(index % 288) / 12
            let value = (62 + 18 * max(0, sin((hour - 6) * .pi / 16)) + random.gaussian() * 4).rounded()
            data.heartRate.append(QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: bpm),
                                                 start: t, end: t, source: source))
        }
        data.steps.reserveCapacity(days * 24)
        for index in 0..<(days * 24) {
            let t = start.addingTimeInterval(Double(index) * 3600)
            let hour = index % 24
            let value = hour < 7 || hour >= 23 ? 0 : (400 + random.uniform() * 800).rounded()
            data.steps.append(QuantitySample(type: .stepCount, quantity: Quantity(value: value, unit: .count),
                                             start: t, end: t.addingTimeInterval(3600), source: source))
        }
        let spacing = Double(days) * 86_400 / 1000
        for index in 0...1000 {
            let long = index == 1000
            let workoutStart = long ? data.end.addingTimeInterval(86_400) : start.addingTimeInterval(Double(index) * spacing + 25_200)
            let points = long ? 100_000 : 3600
            let workout = Workout(activityType: .running, start: workoutStart,
                                  end: workoutStart.addingTimeInterval(Double(points - 1)), source: source)
            var locations: [RouteLocation] = []
            locations.reserveCapacity(points)
            let centerLatitude = 46 + random.uniform() * 2, centerLongitude = 7 + random.uniform() * 3
            let radius = 0.01 + random.uniform() * 0.01
            for second in 0..<points {
                let angle = Double(second) / 600
                locations.append(RouteLocation(
                    timestamp: workoutStart.addingTimeInterval(Double(second)),
                    latitude: centerLatitude + radius * sin(angle), longitude: centerLongitude + radius * cos(angle),
                    altitude: 400 + random.gaussian() * 3, speed: 3 + random.gaussian() * 0.2, course: 90,
                    horizontalAccuracy: 5, verticalAccuracy: 8, speedAccuracy: 0.5))
            }
            let route = WorkoutRoute(workoutID: workout.id, locations: locations, source: source)
            if long { data.longRouteID = route.id }
            data.routePoints += points
            data.workouts.append((workout, route))
        }
        return data
    }

    /// Saves everything with `save([HealthObject])`: 10,000 samples or 10 workouts with their routes per call.
    func save(into store: HealthStore) async throws {
        for samples in [heartRate, steps] {
            for offset in stride(from: 0, to: samples.count, by: 10_000) {
                try await store.save(samples[offset..<min(offset + 10_000, samples.count)].map { HealthObject.quantitySample($0) })
            }
        }
        for offset in stride(from: 0, to: workouts.count, by: 10) {
            try await store.save(workouts[offset..<min(offset + 10, workouts.count)].flatMap { [HealthObject.workout($0.0), .workoutRoute($0.1)] })
        }
    }

    /// Writes the heart-rate and step samples as an Apple Health `export.xml`.
    func writeExportXML(to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="\(Self.dateText(end))"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-02-02" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>

            """
        func flush() throws {
            try handle.write(contentsOf: Data(text.utf8))
            text = ""
        }
        for (samples, unit) in [(heartRate, "count/min"), (steps, "count")] {
            for (index, sample) in samples.enumerated() {
                let created = Self.dateText(sample.endDate)
                let value = sample.quantity.value
                text += " <Record type=\"\(sample.type.rawValue)\" sourceName=\"\(Self.source.name)\" sourceVersion=\"10.1\" unit=\"\(unit)\" "
                    + "creationDate=\"\(created)\" startDate=\"\(Self.dateText(sample.startDate))\" endDate=\"\(created)\" value=\"\(Int(value))\"/>\n"
                if index % 20_000 == 0 { try flush() }
            }
        }
        text += "</HealthData>\n"
        try flush()
    }

    /// `yyyy-MM-dd HH:mm:ss +0000`, as in Apple Health exports.
    static func dateText(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970)
        let (day, second) = (seconds / 86_400, seconds % 86_400)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(dayText(day: day)) \(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) +0000"
    }

    static func dayText(_ date: Date) -> String { dayText(day: Int(date.timeIntervalSince1970) / 86_400) }

    /// The civil date of a day number since 1970-01-01.
    static func dayText(day: Int) -> String {
        let (y, m, d) = CalendarDay.yearMonthDay(daysSince1970: day)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))"
    }
}
