import Foundation
import PaceFormats
import PaceModel
import PaceStore
import PaceTestSupport
import PaceTrack
import PaceTransfer
import Testing

@Suite struct ActivityConverterTests {
    static let start = Date(timeIntervalSince1970: 1_795_158_000)

    /// 20 minutes north at 3 m/s with heart rate and power; a 60 s pause after 10 minutes.
    static func run(identifier: String? = "garmin-123", laps withTotals: Bool = true, sport: String = "running",
                    altitude: (Int) -> Double = { _ in 200 }, pressure: ((Int) -> Double)? = nil) -> RecordedActivity {
        let plane = LocalTangentPlane(latitude: 45, longitude: 7)
        var records: [ActivityRecord] = []
        var north = 0.0
        for second in 0..<1260 {
            let paused = (600..<660).contains(second)
            if !paused && second > 0 { north += 3 }
            if paused { continue }
            let position = plane.unproject(east: 0, north: north)
            records.append(ActivityRecord(time: start.addingTimeInterval(Double(second)), latitude: position.latitude,
                                          longitude: position.longitude, altitude: altitude(second), speed: 3,
                                          heartRate: 140 + Double(second % 20), cadence: 88, power: 250,
                                          pressure: pressure?(second)))
        }
        let half = records.count / 2
        let laps = [
            ActivityLap(startTime: start, totalElapsedTime: 600, totalTimerTime: withTotals ? 600 : nil,
                        distance: withTotals ? 1797 : nil, calories: withTotals ? 150 : nil, records: Array(records[..<half])),
            ActivityLap(startTime: start.addingTimeInterval(660), totalElapsedTime: 600, totalTimerTime: withTotals ? 600 : nil,
                        distance: withTotals ? 1800 : nil, calories: withTotals ? 160 : nil, records: Array(records[half...])),
        ]
        return RecordedActivity(sport: sport, name: "Morning run", identifier: identifier, laps: laps,
                                timerEvents: [ActivityTimerEvent(kind: .pause, time: start.addingTimeInterval(600)),
                                              ActivityTimerEvent(kind: .resume, time: start.addingTimeInterval(660))],
                                deviceName: "Forerunner")
    }

    @Test func fileTotalsEventsAndStatisticsBecomeTheWorkout() throws {
        let converted = try ActivityConverter().convert(Self.run(), fileIdentifier: "file-hash")
        let workout = converted.workout

        #expect(workout.activityType == .running)
        #expect(workout.startDate == Self.start)
        #expect(workout.endDate == Self.start.addingTimeInterval(1260), "the second lap states 600 s from 660 s")
        #expect(workout.duration == 1200)
        #expect(workout.totalDistance == Quantity(value: 3597, unit: .meter))
        #expect(workout.totalEnergyBurned == Quantity(value: 310, unit: .kilocalorie))
        #expect(workout.events.map(\.type) == [.lap, .pause, .resume, .lap])
        #expect(workout.metadata.syncIdentifier == "import:garmin-123")
        #expect(workout.statistics[.heartRate]?.maximum == Quantity(value: 159, unit: .countPerMinute))
        #expect(workout.device?.name == "Forerunner")
        try workout.validate()
        #expect(converted.route?.locations.count == 1200)
        #expect(converted.samples.filter { $0.type == .heartRate }.count == 1200)
        #expect(converted.samples.filter { $0.type == .runningPower }.count == 1200)
    }

    @Test func elevationGainAndLossAreStoredAsHealthKitsAscendedAndDescended() throws {
        // 50 m up over the first 500 s, then 30 m down over the last 500 s.
        let profile = { (second: Int) in 200 + 0.1 * Double(min(second, 500)) - 0.06 * Double(max(0, second - 760)) }
        let workout = try ActivityConverter().convert(Self.run(altitude: profile), fileIdentifier: "hills").workout
        guard case .quantity(let ascended)? = workout.metadata[.elevationAscended],
              case .quantity(let descended)? = workout.metadata[.elevationDescended] else {
            Issue.record("both totals are stored: \(workout.metadata)")
            return
        }
        // Both totals reach the workout, and the slow 2 % descent counts (DECISIONS 100; the time-based
        // smoothing before it counted 0 m of the 30).
        #expect((40...55).contains(try ascended.doubleValue(for: .meter)), "\(ascended)")
        #expect((22...35).contains(try descended.doubleValue(for: .meter)), "\(descended)")
        let flat = try ActivityConverter().convert(Self.run(), fileIdentifier: "flat").workout
        #expect(flat.metadata[.elevationAscended] == .quantity(Quantity(value: 0, unit: .meter)))
        #expect(flat.metadata[.elevationDescended] == .quantity(Quantity(value: 0, unit: .meter)))
    }

    @Test func aFITBarometerIsFusedIntoTheElevationTotals() throws {
        // The same hills; GPS altitudes wander ±8 m over 90 s, the barometer reads 4 hPa high and
        // drifts 0.5 hPa an hour with the weather. Written to FIT and read back, as a watch's file.
        let truth = { (second: Int) in 200 + 0.1 * Double(min(second, 500)) - 0.06 * Double(max(0, second - 760)) }
        let gps = { (second: Int) in truth(second) + 8 * sin(2 * Double.pi * Double(second) / 90) }
        let altimeter = BarometricAltimeter()
        let pressure = { (second: Int) in
            altimeter.pressure(altitude: truth(second)) + 400 + 50 * Double(second) / 3_600
        }
        let written = FITActivityWriter().write(Self.run(altitude: gps, pressure: pressure))
        let read = try FITActivityReader().read(written)
        #expect(read.records.compactMap(\.pressure).count == read.records.count)
        let workout = try ActivityConverter().convert(read, fileIdentifier: "baro").workout
        guard case .quantity(let ascended)? = workout.metadata[.elevationAscended],
              case .quantity(let descended)? = workout.metadata[.elevationDescended] else {
            Issue.record("both totals are stored: \(workout.metadata)")
            return
        }
        // Within issue 14's barometer target, max(3 %, 3 m), of 50 m up and 30 m down.
        #expect(abs(try ascended.doubleValue(for: .meter) - 50) <= 3, "\(ascended)")
        #expect(abs(try descended.doubleValue(for: .meter) - 30) <= 3, "\(descended)")
    }

    @Test func theDevicesStatedElevationTotalsWin() throws {
        // A bike computer counts from its barometer at its own rate: its totals are kept, as its distance is.
        var activity = Self.run(altitude: { 200 + 0.1 * Double(min($0, 500)) })
        activity.totalAscent = 541
        activity.totalDescent = 530
        let workout = try ActivityConverter().convert(activity, fileIdentifier: "stated").workout
        #expect(workout.metadata[.elevationAscended] == .quantity(Quantity(value: 541, unit: .meter)))
        #expect(workout.metadata[.elevationDescended] == .quantity(Quantity(value: 530, unit: .meter)))
    }

    @Test func implausibleFITPressuresAreDropped() throws {
        let written = FITActivityWriter().write(Self.run(pressure: { $0 < 600 ? 101_000 : 5 }))
        let read = try FITActivityReader().read(written)
        #expect(read.records.filter { $0.pressure == 101_000 }.count == 600)
        #expect(read.records.filter { $0.pressure != nil && $0.pressure != 101_000 }.isEmpty)
    }

    @Test func missingTotalsAreComputedByTheFilter() throws {
        let converted = try ActivityConverter().convert(Self.run(laps: false), fileIdentifier: "f")
        let distance = try #require(converted.workout.totalDistance)
        let meters = try distance.doubleValue(for: .meter)

        #expect(abs(meters - 3597) / 3597 < 0.01, "distance \(meters)")
        #expect(converted.notes.contains("distance computed by the filter from the positions"))
        #expect(converted.workout.totalEnergyBurned == nil)
    }

    @Test func aRecordTimedDecadesAwayIsLeftOutWithANote() throws {
        // A crashing app wrote one last record in 2085 (the corpus's Strava Android file does).
        var activity = Self.run()
        let stray = ActivityRecord(time: Date(timeIntervalSince1970: 3_659_712_418), latitude: 45.1, longitude: 7, heartRate: 150)
        activity.laps[1].records.append(stray)

        let converted = try ActivityConverter().convert(activity, fileIdentifier: "f")

        #expect(converted.workout.endDate == Self.start.addingTimeInterval(1260), "the laps' end, not 2085")
        #expect(converted.route?.locations.count == 1200)
        #expect(converted.samples.filter { $0.type == .heartRate }.count == 1200)
        #expect(converted.notes.contains { $0.hasPrefix("left out 1 record(s) timed 2085-12-20T18:46:58Z") }, "\(converted.notes)")
        #expect(ActivityConverter.barometricTrack(from: activity).fixes.count == 1200)
    }

    @Test func recordsDaysApartAreKeptAndTheLargerRunWinsAcrossAWeek() {
        let day = 86_400.0
        let offsets: [Double] = [0, 1, 2, 6 * day, 6 * day + 1] + (0..<6).map { 20 * day + Double($0) }
        let records = offsets
            .map { ActivityRecord(time: Self.start.addingTimeInterval($0)) }

        let (kept, stray) = ActivityConverter.withoutStrayTimes(records)

        // 0–2 s and 6 days later are one run of 5 (six days apart is allowed); 20 days on, a run of 6.
        #expect(kept.map(\.time) == records.suffix(6).map(\.time))
        #expect(stray.count == 5)
        #expect(ActivityConverter.withoutStrayTimes(Array(records.prefix(5))).stray.isEmpty)
    }

    @Test func activityWithoutTimesIsRefused() {
        let activity = RecordedActivity(sport: "running", laps: [ActivityLap(records: [ActivityRecord(time: nil, latitude: 45, longitude: 7)])])

        let error = #expect(throws: ActivityConversionError.self) { try ActivityConverter().convert(activity, fileIdentifier: "f") }

        #expect(error?.message.hasPrefix("The activity has no timestamps") == true)
    }

    @Test(arguments: [("Run", WorkoutActivityType.running), ("Biking", .cycling), ("cross_country_skiing", .crossCountrySkiing),
                      ("VirtualRide", .cycling), ("hiking", .hiking), ("kite surfing", .other), ("", .other)])
    func sportsMapToActivityTypes(sport: String, expected: WorkoutActivityType) {
        #expect(SportMapping.activityType(for: sport) == expected)
    }

    @Test func importingTheSameFileTwiceSkipsTheDuplicate() async throws {
        let store = try HealthStore.inMemory()
        let importer = ActivityImporter(store: store)

        let first = await importer.import([Self.run()], fileIdentifier: "hash")
        let second = await importer.import([Self.run()], fileIdentifier: "hash")

        #expect(first.imported.count == 1)
        #expect(second.imported.isEmpty)
        #expect(second.skippedAsDuplicate == 1)
        #expect(try await store.workouts().count == 1)
        let workout = try #require(try await store.workouts().first)
        #expect(try await store.routes(forWorkout: workout.id).first?.locations.count == 1200)
        // The file's 1,200 heart-rate values are one series sample (DECISIONS 172), as a file read in passes gives.
        let heartRate = try await store.quantitySamples(of: .heartRate)
        #expect(heartRate.count == 1 && heartRate.first?.count == 1200, "one series sample of 1,200 values")
        #expect(try await store.seriesValues(of: try #require(heartRate.first).id)?.count == 1200)
        #expect(try await store.quantitySamples(matching: .heartRate, predicate: .workout(workout.id)).map(\.count) == [1200],
                "the file's heart rate belongs to its workout")
    }

    @Test func theSameRecordingFromAnotherFileIsSkippedUnlessAllowed() async throws {
        let store = try HealthStore.inMemory()
        let importer = ActivityImporter(store: store)
        let first = await importer.import([Self.run(identifier: nil)], fileIdentifier: "watch.fit")
        let firstID = try #require(first.imported.first)

        // The same run from another file (another content identifier, e.g. the TCX a website made).
        let copy = await importer.import([Self.run(identifier: nil)], fileIdentifier: "website.tcx")
        #expect(copy.imported.isEmpty)
        #expect(copy.skippedAsDuplicate == 1)
        #expect(copy.sameRecordings.count == 1)
        #expect(copy.sameRecordings.first?.contains("the same recording as workout \(firstID)") == true, "\(copy.sameRecordings)")
        #expect(copy.sameRecordings.first?.contains("--") == false, "a library report names no command-line flag")
        #expect(try await store.workouts().count == 1)

        // A later workout with the same shape is not the same recording.
        var later = Self.run(identifier: nil)
        later.laps = later.laps.map { lap in
            var lap = lap
            lap.startTime = lap.startTime?.addingTimeInterval(2 * 3600)
            lap.records = lap.records.map { record in
                var record = record
                record.time = record.time?.addingTimeInterval(2 * 3600)
                return record
            }
            return lap
        }
        later.timerEvents = later.timerEvents.map { ActivityTimerEvent(kind: $0.kind, time: $0.time.addingTimeInterval(2 * 3600)) }
        await #expect(importer.import([later], fileIdentifier: "evening.fit").imported.count == 1)

        // Without the rule both copies are kept.
        let keepAll = ActivityImporter(store: store, sameRecording: nil)
        await #expect(keepAll.import([Self.run(identifier: nil)], fileIdentifier: "phone.gpx").imported.count == 1)
        #expect(try await store.workouts().count == 3)
    }

    @Test(arguments: [
        (0.0, 3600.0, 30.0, 3590.0, true),     // the same hour, the copy trimmed by 30 s at the start and 10 s at the end
        (0.0, 3600.0, 90.0, 3600.0, false),    // starts 90 s apart
        (0.0, 3600.0, 0.0, 1800.0, false),     // the first half only: another workout (a warm-up lap file)
        (0.0, 0.0, 0.0, 0.0, true),            // two instants at the same time
    ])
    func sameRecordingRuleComparesStartsAndSharedTime(a0: Double, a1: Double, b0: Double, b1: Double, same: Bool) {
        func workout(_ s: Double, _ e: Double) -> Workout {
            Workout(activityType: .running, start: Self.start.addingTimeInterval(s), end: Self.start.addingTimeInterval(e))
        }
        #expect(SameRecordingRule().matches(workout(a0, a1), workout(b0, b1)) == same)
        #expect(SameRecordingRule().matches(workout(b0, b1), workout(a0, a1)) == same)
    }

    @Test func oneBadActivityDoesNotStopTheOthers() async throws {
        let store = try HealthStore.inMemory()
        let bad = RecordedActivity(sport: "running", name: "broken", laps: [])

        let report = await ActivityImporter(store: store).import([bad, Self.run(identifier: nil)], fileIdentifier: "hash")

        #expect(report.imported.count == 1)
        #expect(report.rejected.count == 1)
        #expect(report.rejected.first?.description.hasPrefix("broken: The activity has no timestamps") == true)
        #expect(report.rejected.first?.code == .invalidActivity && report.rejected.first?.activity == "broken")
        #expect(try await store.workouts().first?.metadata.syncIdentifier == "import:hash#1")
    }
}
