import Foundation
import PaceFormats
import PaceModel
import Testing

@Suite("AppleHealthExportReader: refusals, warnings and generated exports")
struct AppleHealthExportReaderErrorTests {
    @Test("a billion-laughs export is refused before parsing, with its position")
    func billionLaughs() throws {
        let prolog = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
              <!ELEMENT HealthData ANY>
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>

            """
        let folder = try AppleHealthFixtures.export("<ExportDate value=\"&lol3;\"/>", prolog: prolog)
        defer { try? FileManager.default.removeItem(at: folder) }
        var delivered = 0
        let error = #expect(throws: AppleHealthError.self) {
            _ = try AppleHealthExportReader().read(at: folder) { _ in delivered += 1 }
        }
        #expect(error?.code == .entityDeclaration)
        #expect(error?.line == 4)
        #expect(error?.column == 3)
        #expect(error?.description.hasPrefix("export.xml:4:3: ") == true)
        #expect(delivered == 0)
    }

    @Test("an entity declaration hidden behind a comment and a quoted '<' is still found")
    func entityAfterCommentAndLiteral() throws {
        let prolog = """
            <?xml version="1.0"?>
            <!-- <HealthData> is the root -->
            <!DOCTYPE HealthData SYSTEM "<a" [
              <!ENTITY x "y">
            ]>

            """
        let folder = try AppleHealthFixtures.export("", prolog: prolog)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect { _ = try AppleHealthFixtures.read(folder) } throws: { ($0 as? AppleHealthError)?.code == .entityDeclaration }
    }

    @Test("a FileReference that leaves the export folder is refused", arguments: [
        "../secret.gpx", "/workout-routes/../../secret.gpx", "workout-routes/../../../etc/passwd",
    ])
    func unsafeRoutePath(path: String) throws {
        let body = """
            <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Watch" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:30:00 +0000">
              <WorkoutRoute sourceName="Watch" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:30:00 +0000">
                <FileReference path="\(path)"/>
              </WorkoutRoute>
            </Workout>
            """
        let folder = try AppleHealthFixtures.export(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: AppleHealthError.self) { _ = try AppleHealthFixtures.read(folder) }
        #expect(error?.code == .unsafeRoutePath)
        #expect(error?.line == 4) // the <WorkoutRoute>
        #expect(error?.file == "export.xml")
    }

    @Test("a route file that is a symbolic link out of the export folder is refused")
    func symlinkedRoute() throws {
        let body = """
            <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Watch" startDate="2019-06-11 15:00:00 -0700" endDate="2019-06-11 15:30:00 -0700">
              <WorkoutRoute sourceName="Watch" startDate="2019-06-11 15:00:00 -0700" endDate="2019-06-11 15:30:00 -0700">
                <FileReference path="/workout-routes/route.gpx"/>
              </WorkoutRoute>
            </Workout>
            """
        let folder = try AppleHealthFixtures.export(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        let routes = folder.appendingPathComponent("workout-routes")
        try FileManager.default.createDirectory(at: routes, withIntermediateDirectories: true)
        let outside = AppleHealthFixtures.url("apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx")
        try FileManager.default.createSymbolicLink(at: routes.appendingPathComponent("route.gpx"), withDestinationURL: outside)
        let error = #expect(throws: AppleHealthError.self) { _ = try AppleHealthFixtures.read(folder) }
        #expect(error?.code == .unsafeRoutePath)
    }

    @Test("a missing route file is a warning; the workout is still delivered")
    func missingRouteFile() throws {
        let body = """
            <Workout workoutActivityType="HKWorkoutActivityTypeCycling" sourceName="Watch" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:30:00 +0000">
              <WorkoutRoute sourceName="Watch" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:30:00 +0000">
                <FileReference path="/workout-routes/route_missing.gpx"/>
              </WorkoutRoute>
            </Workout>
            """
        let folder = try AppleHealthFixtures.export(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (items, summary) = try AppleHealthFixtures.read(folder)
        #expect(items.workouts.first?.activityType == .cycling)
        #expect(items.routes.isEmpty)
        #expect(summary.warnings.map(\.code) == [.unreadableRoute])
        #expect(summary.warnings.first?.line == 4) // the <WorkoutRoute>
    }

    @Test("unknown types and elements are warnings with their line; the rest is read")
    func unknownTypes() throws {
        let body = [
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "10"),
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierSomethingNew", value: "1"),
            "<Workout workoutActivityType=\"HKWorkoutActivityTypeUnderwaterChess\" sourceName=\"W\" "
                + "startDate=\"2024-05-01 08:00:00 +0000\" endDate=\"2024-05-01 09:00:00 +0000\"/>",
            "<ClinicalRecord type=\"x\" identifier=\"y\"><Nested/></ClinicalRecord>",
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "20"),
        ].joined(separator: "\n")
        let folder = try AppleHealthFixtures.export(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (items, summary) = try AppleHealthFixtures.read(folder)
        #expect(items.quantitySamples.map(\.quantity.value) == [10, 20])
        #expect(summary.warnings.map(\.code) == [.unknownType, .unknownType, .unknownElement])
        #expect(summary.warnings.map(\.line) == [4, 5, 6])
        #expect(items.warnings == summary.warnings)
        #expect(summary.warnings[0].description.hasPrefix("export.xml:4:"))
        #expect(summary.warnings[0].message.contains("HKQuantityTypeIdentifierSomethingNew"))
    }

    @Test("bad numbers, units and intervals are warnings and the object is skipped")
    func badValues() throws {
        let body = [
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "many"),
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "5", unit: "furlongs"),
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "5",
                                       start: "2024-05-01 09:00:00 +0000", end: "2024-05-01 08:00:00 +0000"),
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "5", start: "yesterday"),
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "5", unit: "kg"),
            AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "7"),
        ].joined(separator: "\n")
        let folder = try AppleHealthFixtures.export(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (items, summary) = try AppleHealthFixtures.read(folder)
        #expect(items.quantitySamples.map(\.quantity.value) == [7])
        #expect(summary.warnings.map(\.code) == [.invalidValue, .invalidValue, .invalidInterval, .invalidDate, .invalidValue])
        #expect(summary.warnings.map(\.line) == [3, 4, 5, 6, 7])
    }

    @Test("category values, correlations, workout events and statistics")
    func categoriesCorrelationsEventsStatistics() throws {
        let body = """
            <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-05-01 01:00:00 +0000" endDate="2024-05-01 02:00:00 +0000" value="HKCategoryValueSleepAnalysisAsleepCore"/>
            <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2020-05-01 01:00:00 +0000" endDate="2020-05-01 02:00:00 +0000" value="HKCategoryValueSleepAnalysisAsleep"/>
            <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Watch" startDate="2024-05-01 01:00:00 +0000" endDate="2024-05-01 01:10:00 +0000" value="HKCategoryValueNotApplicable"/>
            <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2024-05-01 07:00:00 +0000" endDate="2024-05-01 07:00:00 +0000">
              <MetadataEntry key="HKWasUserEntered" value="1"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2024-05-01 07:00:00 +0000" endDate="2024-05-01 07:00:00 +0000" value="120"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="2024-05-01 07:00:00 +0000" endDate="2024-05-01 07:00:00 +0000" value="80"/>
            </Correlation>
            <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:8.0&gt;" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:40:00 +0000">
              <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-05-01 08:10:00 +0000"/>
              <WorkoutEvent type="HKWorkoutEventTypeResume" date="2024-05-01 08:20:00 +0000"/>
              <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2024-05-01 08:00:00 +0000" duration="5" durationUnit="min">
                <MetadataEntry key="HKLapLength" value="400 m"/>
              </WorkoutEvent>
              <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:40:00 +0000" average="150" minimum="90" maximum="181" unit="count/min"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:40:00 +0000" sum="412.5" unit="kcal"/>
              <WorkoutActivity uuid="x" startDate="2024-05-01 08:00:00 +0000"><MetadataEntry key="FromActivity" value="1"/></WorkoutActivity>
            </Workout>
            """
        let folder = try AppleHealthFixtures.export(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (items, summary) = try AppleHealthFixtures.read(folder)
        #expect(summary.warningCount == 0)
        #expect(items.categorySamples.map(\.value) == [3, 1, 0])
        #expect(items.categorySamples.first?.type == .sleepAnalysis)

        let pressure = try #require(items.correlations.first)
        #expect(pressure.type == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(pressure.quantitySamples.map(\.type) == [.bloodPressureSystolic, .bloodPressureDiastolic])
        #expect(pressure.quantitySamples.map(\.quantity.value) == [120, 80])
        #expect(pressure.metadata[.wasUserEntered] == .integer(1))
        #expect(summary.quantitySampleCount == 0) // inner records are not counted as top-level samples

        let workout = try #require(items.workouts.first)
        #expect(workout.duration == 1800)
        #expect(workout.events.map(\.type) == [.pause, .resume, .segment])
        #expect(workout.events[2].duration == 300)
        #expect(workout.events[0].startDate == Date(timeIntervalSince1970: 1_714_551_000))
        #expect(workout.statistics[.heartRate]?.average == Quantity(value: 150, unit: .countPerMinute))
        #expect(workout.statistics[.heartRate]?.maximum == Quantity(value: 181, unit: .countPerMinute))
        #expect(workout.statistics[.activeEnergyBurned]?.sum == Quantity(value: 412.5, unit: .kilocalorie))
        // The workout has no metadata of its own; its one activity's keys fill it (DECISIONS 90).
        #expect(workout.metadata == [MetadataKey(rawValue: "FromActivity"): .integer(1)])
        #expect(workout.device == Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch",
                                         hardwareVersion: "Watch6,1", softwareVersion: "8.0"))
    }

    @Test("malformed XML, a wrong root and a missing file are errors naming the file")
    func fileErrors() throws {
        let broken = try AppleHealthFixtures.export("<Record type=\"x\"\n<Oops>")
        defer { try? FileManager.default.removeItem(at: broken) }
        let malformed = #expect(throws: AppleHealthError.self) { _ = try AppleHealthFixtures.read(broken) }
        #expect(malformed?.code == .malformedXML)
        #expect(malformed?.line != nil)

        let folder = try AppleHealthFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<gpx version=\"1.1\"/>".utf8).write(to: folder.appendingPathComponent("export.xml"))
        let notExport = #expect(throws: AppleHealthError.self) { _ = try AppleHealthFixtures.read(folder) }
        #expect(notExport?.code == .notAppleHealthExport)

        let missing = #expect(throws: AppleHealthError.self) {
            _ = try AppleHealthFixtures.read(folder.appendingPathComponent("nowhere"))
        }
        #expect(missing?.code == .unreadableFile)
    }

    @Test("a truncated export is malformed XML, even after objects were delivered")
    func truncated() throws {
        let folder = try AppleHealthFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = "<HealthData locale=\"en_US\">\n" + AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "3")
            + "\n<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"T"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("export.xml"))
        var delivered = 0
        let error = #expect(throws: AppleHealthError.self) {
            _ = try AppleHealthExportReader().read(at: folder) { if case .quantitySample = $0 { delivered += 1 } }
        }
        #expect(error?.code == .malformedXML)
        #expect(delivered == 1)
    }

    @Test("a DTD like Apple's keeps line numbers right after it")
    func lineNumbersAfterDTD() throws {
        let prolog = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- a comment with ] and > in it -->
            <!ELEMENT HealthData (Record*)>
            <!ATTLIST Record
              type CDATA #REQUIRED
              note CDATA "a > b"
            >
            ]>

            """
        let body = AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "1") + "\n"
            + AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierNoSuchThing", value: "1")
        let folder = try AppleHealthFixtures.export(body, prolog: prolog)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (items, summary) = try AppleHealthFixtures.read(folder)
        #expect(items.quantitySamples.count == 1)
        #expect(summary.warnings.map(\.line) == [12])
    }

    @Test("a throwing handler stops the read with handlerFailed")
    func handlerThrows() throws {
        struct Stop: Error {}
        let body = (0..<5).map { AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "\($0)") }
            .joined(separator: "\n")
        let folder = try AppleHealthFixtures.export(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        var seen = 0
        let error = #expect(throws: AppleHealthError.self) {
            _ = try AppleHealthExportReader().read(at: folder) { _ in
                seen += 1
                if seen == 2 { throw Stop() }
            }
        }
        #expect(error?.code == .handlerFailed)
        #expect(error?.cause is Stop)
        #expect(seen == 2)
    }
}
