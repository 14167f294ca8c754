import Foundation
import PaceFormats
import PaceModel
import Testing

@Suite("AppleHealthExportReader: real exports")
struct AppleHealthExportReaderTests {
    @Test("an export folder with a FileReference route: counts, records, workout and route")
    func exportFolder() throws {
        let (items, summary) = try AppleHealthFixtures.read(AppleHealthFixtures.url("apple_health_export"))
        #expect(summary.quantitySampleCount == 2)
        #expect(summary.categorySampleCount == 0)
        #expect(summary.workoutCount == 1)
        #expect(summary.workoutRouteCount == 1)
        #expect(summary.activitySummaryCount == 2)
        #expect(summary.warningCount == 0)
        #expect(summary.exportDate == Date(timeIntervalSince1970: 1_563_557_771)) // 2019-07-19 17:36:11 UTC
        #expect(items.quantitySamples.count == 2 && items.workouts.count == 1 && items.routes.count == 1)

        let heartRate = try #require(items.quantitySamples.first { $0.type == .heartRate })
        #expect(heartRate.quantity == Quantity(value: 72, unit: try HealthUnit(parsing: "count/min")))
        #expect(heartRate.source.name == "Apple\u{00A0}Watch") // the export writes a no-break space
        #expect(heartRate.source.version == "4.3.1")
        #expect(heartRate.device?.name == "Apple Watch")
        #expect(heartRate.device?.manufacturer == "Apple")
        #expect(heartRate.device?.model == "Watch")
        #expect(heartRate.device?.hardwareVersion == "Watch2,4")
        #expect(heartRate.device?.softwareVersion == "4.3.1")
        #expect(heartRate.startDate == Date(timeIntervalSince1970: 1_536_571_735)) // 2018-09-10 09:28:55 UTC
        #expect(heartRate.metadata[.heartRateMotionContext] == .integer(0))

        let bmi = try #require(items.quantitySamples.first { $0.type == .bodyMassIndex })
        #expect(bmi.quantity.value == 22.5312)
        #expect(bmi.metadata[.wasUserEntered]?.boolValue == false)
        #expect(bmi.metadata["Health Mate App Version"] == .string("2.16.0"))
        #expect(bmi.metadata["Withings User Identifier"] == .integer(12345))
        #expect(bmi.metadata["Withings Link"]?.stringValue?.contains("&date=") == true)
        #expect(bmi.metadata["Modified Date"] == .date(Date(timeIntervalSince1970: 1_460_994_965)))

        let workout = try #require(items.workouts.first)
        #expect(workout.activityType == .running)
        #expect(workout.totalDistance == Quantity(value: 0.4971749504535062, unit: .mile))
        #expect(workout.totalEnergyBurned == Quantity(value: 48.74499999999999, unit: .kilocalorie))
        #expect(workout.duration == 311) // 5.19 min, capped to the whole-second span
        #expect(workout.source.name == "Apple\u{00A0}Watch")
        #expect(workout.metadata[.timeZone] == .string("America/Los_Angeles"))
        #expect(workout.metadata[.weatherTemperature] == .quantity(try Quantity(parsing: "56 degF")))
        #expect(workout.metadata[.weatherHumidity] == .quantity(try Quantity(parsing: "96 %")))

        let route = try #require(items.routes.first)
        #expect(route.workoutID == workout.id)
        #expect(route.locations.count == 3)
        #expect(route.locations[0].latitude == 37.781672)
        #expect(route.locations[0].longitude == -122.396397)
        #expect(route.locations[0].speed == 0.180883)
        #expect(route.locations[0].horizontalAccuracy == 8.063116)
        #expect(route.source.name == "Simon’s iPhone")

        let me = try #require(items.characteristics.first)
        #expect(me.dateOfBirth == DateComponents(year: 1990, month: 2, day: 2))
        #expect(me.biologicalSex == .male)
        #expect(me.bloodType == .notSet)
        #expect(me.fitzpatrickSkinType == .notSet)

        let day = try #require(items.activitySummaries.first)
        #expect(day.day == DateComponents(year: 2016, month: 11, day: 15))
        #expect(day.activeEnergyBurned == Quantity(value: 590.252, unit: .kilocalorie))
        #expect(day.activeEnergyBurnedGoal == Quantity(value: 630, unit: .kilocalorie))
        #expect(day.appleExerciseTime == Quantity(value: 68, unit: .minute))
        #expect(day.appleExerciseTimeGoal == Quantity(value: 30, unit: .minute))
        #expect(day.appleStandHours == Quantity(value: 13, unit: .count))
        #expect(day.appleStandHoursGoal == Quantity(value: 12, unit: .count))
    }

    @Test("a workout exported since iOS 16 takes its totals from its WorkoutStatistics")
    func modernWorkoutTotalsFromStatistics() throws {
        // iOS 16 and later leave totalDistance and totalEnergyBurned out of <Workout>; the totals are
        // <WorkoutStatistics> children, and a <WorkoutActivity> repeats them for each activity.
        let body = """
            <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="45" durationUnit="min" sourceName="Watch" \
            startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:45:00 +0000">
              <WorkoutActivity uuid="1F5E0D3A-1111-4E1B-9E0E-6F0E4E2B7A10" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:45:00 +0000" duration="45" durationUnit="min">
                <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:45:00 +0000" sum="18.4" unit="km"/>
              </WorkoutActivity>
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:45:00 +0000" sum="512.5" unit="kcal"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:45:00 +0000" sum="18.4" unit="km"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:45:00 +0000" average="142" minimum="96" maximum="171" unit="count/min"/>
            </Workout>
            <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalDistance="5" totalDistanceUnit="km" \
            totalEnergyBurned="300" totalEnergyBurnedUnit="kcal" sourceName="Watch" startDate="2024-05-02 08:00:00 +0000" endDate="2024-05-02 08:30:00 +0000">
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-05-02 08:00:00 +0000" endDate="2024-05-02 08:30:00 +0000" sum="5.1" unit="km"/>
            </Workout>
            """
        let workouts = try AppleHealthFixtures.workouts(inExportOf: body)

        #expect(workouts.count == 2)
        let ride = try #require(workouts.first)
        #expect(ride.totalDistance == Quantity(value: 18.4, unit: .kilometer))
        #expect(ride.totalEnergyBurned == Quantity(value: 512.5, unit: .kilocalorie))
        #expect(ride.statistics[.heartRate]?.maximum == Quantity(value: 171, unit: .countPerMinute))
        let run = try #require(workouts.last)
        #expect(run.totalDistance == Quantity(value: 5, unit: .kilometer), "the attribute, when present, is the total")
        #expect(run.totalEnergyBurned == Quantity(value: 300, unit: .kilocalorie))
    }

    @Test("totals, statistics and metadata given only inside WorkoutActivity elements reach the workout")
    func workoutActivityStatisticsAndMetadata() throws {
        let t0 = "2024-06-01 07:00:00 +0000", t1 = "2024-06-01 07:20:00 +0000", t2 = "2024-06-01 08:00:00 +0000"
        func statistic(_ type: String, _ start: String, _ end: String, _ values: String, _ unit: String) -> String {
            "<WorkoutStatistics type=\"HKQuantityTypeIdentifier\(type)\" startDate=\"\(start)\" endDate=\"\(end)\" \(values) unit=\"\(unit)\"/>"
        }
        let body = """
            <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="20" durationUnit="min" sourceName="Watch" startDate="\(t0)" endDate="\(t1)">
              <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
              <WorkoutActivity uuid="A1" startDate="\(t0)" endDate="\(t1)" duration="20" durationUnit="min">
                <WorkoutEvent type="HKWorkoutEventTypeSegment" date="\(t0)" duration="5" durationUnit="min"/>
                \(statistic("DistanceWalkingRunning", t0, t1, "sum=\"3.3554\"", "mi"))
                \(statistic("HeartRate", t0, t1, "average=\"150\" minimum=\"98\" maximum=\"176\"", "count/min"))
                <MetadataEntry key="HKIndoorWorkout" value="1"/>
                <MetadataEntry key="HKTimeZone" value="America/New_York"/>
              </WorkoutActivity>
            </Workout>
            <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="60" durationUnit="min" sourceName="Watch" startDate="\(t0)" endDate="\(t2)">
              <WorkoutActivity uuid="B1" startDate="\(t0)" endDate="\(t1)">
                \(statistic("DistanceWalkingRunning", t0, t1, "sum=\"4\"", "km"))
                \(statistic("HeartRate", t0, t1, "average=\"150\" minimum=\"100\" maximum=\"160\"", "count/min"))
                <MetadataEntry key="HKIndoorWorkout" value="0"/>
                <MetadataEntry key="HKWeatherTemperature" value="60 degF"/>
              </WorkoutActivity>
              <WorkoutActivity uuid="B2" startDate="\(t1)" endDate="\(t2)">
                \(statistic("DistanceWalkingRunning", t1, t2, "sum=\"2500\"", "m"))
                \(statistic("HeartRate", t1, t2, "average=\"120\" minimum=\"90\" maximum=\"170\"", "count/min"))
                <MetadataEntry key="HKIndoorWorkout" value="0"/>
                <MetadataEntry key="HKWeatherTemperature" value="62 degF"/>
              </WorkoutActivity>
            </Workout>
            """
        let workouts = try AppleHealthFixtures.workouts(inExportOf: body)

        #expect(workouts.count == 2)
        let single = try #require(workouts.first)
        #expect(single.totalDistance == Quantity(value: 3.3554, unit: .mile))
        #expect(single.statistics[.heartRate]?.maximum == Quantity(value: 176, unit: .countPerMinute))
        #expect(single.metadata[MetadataKey(rawValue: "HKIndoorWorkout")] != nil, "the activity's key the workout lacked")
        #expect(single.metadata[MetadataKey(rawValue: "HKTimeZone")] == .string("Europe/Paris"), "the workout's own value wins")
        #expect(single.events.isEmpty, "the activity's events repeat the workout's and are not added")

        let two = try #require(workouts.last)
        let distance = try #require(two.totalDistance)
        #expect(abs(try distance.doubleValue(for: .meter) - 6500) < 1e-6, "4 km + 2 500 m")
        let heart = try #require(two.statistics[.heartRate])
        #expect(heart.minimum == Quantity(value: 90, unit: .countPerMinute))
        #expect(heart.maximum == Quantity(value: 170, unit: .countPerMinute))
        #expect(heart.average == Quantity(value: 130, unit: .countPerMinute), "(150 × 20 min + 120 × 40 min) / 60 min")
        #expect(heart.startDate < heart.endDate && heart.endDate.timeIntervalSince(heart.startDate) == 3600)
        #expect(two.metadata[MetadataKey(rawValue: "HKIndoorWorkout")] != nil, "both activities agree")
        #expect(two.metadata[MetadataKey(rawValue: "HKWeatherTemperature")] == nil, "the activities disagree: left out")
    }

    @Test("the workout is delivered before its route")
    func workoutBeforeRoute() throws {
        let (items, _) = try AppleHealthFixtures.read(AppleHealthFixtures.url("apple_health_export/export.xml"))
        let kinds = items.map { item -> String in
            switch item {
            case .workout: "workout"
            case .workoutRoute: "route"
            default: "other"
            }
        }.filter { $0 != "other" }
        #expect(kinds == ["workout", "route"])
    }

    @Test("an older export with inline Location elements")
    func inlineLocations() throws {
        let (items, summary) = try AppleHealthFixtures.read(AppleHealthFixtures.url("export-inline-workoutroute.xml"))
        #expect(summary.workoutCount == 1 && summary.workoutRouteCount == 1 && summary.quantitySampleCount == 2)
        let route = try #require(items.routes.first)
        #expect(route.locations.count == 2)
        #expect(route.locations[0].latitude == 37.7777)
        #expect(route.locations[0].longitude == -122.426)
        #expect(route.locations[0].altitude == 21.2694)
        #expect(route.locations[0].course == -1)
        #expect(route.locations[0].verticalAccuracy == 1.67859)
        #expect(route.locations[0].timestamp == Date(timeIntervalSince1970: 1_479_133_544)) // 2016-11-14 14:25:44 UTC
        #expect(route.workoutID == items.workouts.first?.id)
    }

    @Test("Apple's internal DTD subset without entity declarations is accepted")
    func dtdWithoutEntities() throws {
        let (items, summary) = try AppleHealthFixtures.read(AppleHealthFixtures.url("export-with-dtd-iphone6s.xml"))
        #expect(summary.quantitySampleCount == 15)
        #expect(summary.workoutCount == 1)
        #expect(summary.activitySummaryCount == 2)
        #expect(summary.warningCount == 0)
        let steps = items.quantitySamples.filter { $0.type == .stepCount }
        let distances = items.quantitySamples.filter { $0.type == .distanceWalkingRunning }
        #expect(steps.count == 10 && distances.count == 5)
        #expect(steps.first?.quantity == Quantity(value: 329, unit: .count))
        #expect(distances.first?.quantity == Quantity(value: 0.00288, unit: .kilometer))
        #expect(items.workouts.first?.activityType == .other)
        #expect(items.workouts.first?.totalDistance == Quantity(value: 0, unit: .kilometer))
        #expect(items.characteristics.first?.dateOfBirth == DateComponents(year: 1965, month: 7, day: 31))
    }

    @Test("a generated 20 000-record export is streamed and counted")
    func largeExport() throws {
        let folder = try AppleHealthFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("export.xml")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n".utf8))
        var chunk = ""
        for index in 0..<20_000 {
            let second = String(format: "%02d", index % 60)
            chunk += AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierHeartRate", value: "\(60 + index % 100)", unit: "count/min",
                                                start: "2024-05-01 08:00:\(second) +0000", end: "2024-05-01 08:00:\(second) +0000") + "\n"
            if index % 1000 == 999 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data("</HealthData>\n".utf8))
        try handle.close()

        var count = 0
        var total = 0.0
        let summary = try AppleHealthExportReader().read(at: folder) { item in
            if case .quantitySample(let sample) = item { count += 1; total += sample.quantity.value }
        }
        #expect(count == 20_000)
        #expect(summary.quantitySampleCount == 20_000)
        #expect(summary.warningCount == 0)
        #expect(total == Double((0..<20_000).reduce(0) { $0 + 60 + $1 % 100 }))
    }
}
