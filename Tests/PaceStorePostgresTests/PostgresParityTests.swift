import Foundation
import PaceModel
import PaceStore
import PaceStorePostgres
import PaceTestSupport
import Testing

/// What the conformance rules leave out — predicates, sorting, statistics and collections, sources,
/// series, route pages, characteristics, summaries, permissions records, the journal — done the same
/// way on an in-memory SQLite store and on a PostgreSQL account, whose answers must be equal: SQLite
/// is the reference the PostgreSQL backend mirrors.
@Suite(.timeLimit(.minutes(5 * TestTime.scale))) struct PostgresParityTests {
    /// The two stores, holding the same objects.
    private func stores(_ objects: [HealthObject] = []) async throws -> (sqlite: HealthStore, postgres: HealthStore) {
        let sqlite = HealthStore(backend: try SQLiteBackend.inMemory())
        let postgres = HealthStore(backend: try await PostgresTestDatabase.shared().backend())
        if !objects.isEmpty {
            try await sqlite.save(objects)
            try await postgres.save(objects)
        }
        return (sqlite, postgres)
    }

    /// Heart rates of two sources and a device, with metadata; steps of two overlapping sources.
    private static let samples: [HealthObject] = {
        let strap = TestObjects.strap
        var objects: [HealthObject] = []
        for index in 0..<12 {
            let source = index % 3 == 0 ? QueryFixtures.phone : QueryFixtures.watch
            let metadata: Metadata = index % 4 == 0 ? [.indoorWorkout: .bool(true), MetadataKey(rawValue: "lap"): .integer(Int64(index / 4))] : [:]
            objects.append(.quantitySample(QueryFixtures.heartRate(100 + Double(index * 7 % 40), at: Double(index) * 600, source: source,
                                                                   device: index.isMultiple(of: 2) ? strap : nil, metadata: metadata)))
        }
        for hour in 0..<4 {
            let start = QueryFixtures.at(Double(hour) * 3_600)
            objects.append(.quantitySample(QueryFixtures.steps(1_000 + Double(hour) * 10, from: start,
                                                               to: start.addingTimeInterval(3_000), source: QueryFixtures.watch)))
            objects.append(.quantitySample(QueryFixtures.steps(800, from: start.addingTimeInterval(1_500),
                                                               to: start.addingTimeInterval(3_300), source: QueryFixtures.phone)))
        }
        return objects
    }()

    @Test func predicatesAndSortingSelectTheSameSamplesInTheSameOrder() async throws {
        let (sqlite, postgres) = try await stores(Self.samples)
        let predicates: [SamplePredicate] = [
            .all,
            .date(from: QueryFixtures.at(600), to: QueryFixtures.at(3_600)),
            .date(from: QueryFixtures.at(600), to: QueryFixtures.at(3_600), options: [.strictStartDate, .strictEndDate]),
            .source(QueryFixtures.phone.bundleIdentifier),
            .device(named: TestObjects.strap.name ?? ""),
            .metadata(.indoorWorkout, equals: .bool(true)),
            .metadata(MetadataKey(rawValue: "lap"), equals: .integer(2)),
            .hasMetadata(MetadataKey(rawValue: "lap")),
            .quantity(.greaterThan, Quantity(value: 2, unit: HealthUnit.count / HealthUnit.second)),
            !.source(QueryFixtures.phone.bundleIdentifier) && .quantity(.lessThanOrEqual, Quantity(value: 120, unit: .countPerMinute)),
            .source(QueryFixtures.phone.bundleIdentifier) || .device(named: TestObjects.strap.name ?? ""),
        ]
        for predicate in predicates {
            for sort in [[SampleSortDescriptor.startDate()], [.value(ascending: false), .startDate()], [.endDate(ascending: false)]] {
                let expected = try await sqlite.samples(matching: .quantity(.heartRate), predicate: predicate, sort: sort, limit: 7)
                let actual = try await postgres.samples(matching: .quantity(.heartRate), predicate: predicate, sort: sort, limit: 7)
                #expect(actual == expected, "\(predicate) sorted by \(sort)")
            }
            #expect(try await postgres.sources(of: .quantity(.heartRate), predicate: predicate)
                    == sqlite.sources(of: .quantity(.heartRate), predicate: predicate), "sources of \(predicate)")
        }
        #expect(try await postgres.quantitySeries(of: .heartRate, from: QueryFixtures.at(0), to: QueryFixtures.at(4_000))
                == sqlite.quantitySeries(of: .heartRate, from: QueryFixtures.at(0), to: QueryFixtures.at(4_000)))
    }

    @Test func statisticsAndCollectionsAreTheSame() async throws {
        let (sqlite, postgres) = try await stores(Self.samples)
        let discrete: StatisticsOptions = [.average, .minimum, .maximum, .mostRecent, .separateBySource]
        #expect(try await postgres.statistics(for: .heartRate, options: discrete)
                == sqlite.statistics(for: .heartRate, options: discrete))
        for priority in [[], [QueryFixtures.phone.bundleIdentifier]] {
            #expect(try await postgres.statistics(for: .stepCount, options: [.sum, .separateBySource], sourcePriority: priority)
                    == sqlite.statistics(for: .stepCount, options: [.sum, .separateBySource], sourcePriority: priority))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        for (type, options) in [(QuantityTypeIdentifier.heartRate, discrete), (.stepCount, [.sum, .separateBySource])] {
            for minutes in [15, 60] {
                let arguments = (anchor: QueryFixtures.at(0), interval: DateComponents(minute: minutes),
                                 from: QueryFixtures.at(-900), to: QueryFixtures.at(4 * 3_600 + 900))
                let expected = try await sqlite.statisticsCollection(
                    for: type, options: options, anchor: arguments.anchor, interval: arguments.interval,
                    from: arguments.from, to: arguments.to, calendar: calendar)
                let actual = try await postgres.statisticsCollection(
                    for: type, options: options, anchor: arguments.anchor, interval: arguments.interval,
                    from: arguments.from, to: arguments.to, calendar: calendar)
                #expect(actual.statistics.count == expected.statistics.count)
                for (mine, reference) in zip(actual.statistics, expected.statistics) {
                    #expect(Self.close(mine, reference), "\(type), \(minutes) min: \(mine) ≠ \(reference)")
                }
            }
        }
    }

    /// Equal up to rounding of sums and averages (the databases add in different orders).
    private static func close(_ lhs: QuantityStatistics, _ rhs: QuantityStatistics) -> Bool {
        func near(_ a: Quantity?, _ b: Quantity?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case let (a?, b?): a.unit == b.unit && isApproximatelyEqual(a.value, b.value, relative: 1e-9)
            default: false
            }
        }
        return lhs.interval == rhs.interval && lhs.sampleCount == rhs.sampleCount && near(lhs.sum, rhs.sum)
            && near(lhs.average, rhs.average) && lhs.minimum == rhs.minimum && lhs.maximum == rhs.maximum
            && lhs.mostRecent == rhs.mostRecent && lhs.mostRecentInterval == rhs.mostRecentInterval
            && Set(lhs.bySource.keys) == Set(rhs.bySource.keys)
            && lhs.bySource.allSatisfy { source, statistics in rhs.bySource[source].map { close(statistics, $0) } ?? false }
    }

    @Test func routePagesWorkoutsAndTheirSamplesAreTheSame() async throws {
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout, count: 25)
        let inside = QuantitySample(type: .heartRate, quantity: Quantity(value: 150, unit: .countPerMinute),
                                    start: workout.startDate.addingTimeInterval(30), end: workout.startDate.addingTimeInterval(30),
                                    source: workout.source)
        let (sqlite, postgres) = try await stores([.workout(workout), .workoutRoute(route), .quantitySample(inside)])
        #expect(try await postgres.associateSamplesByTime(withWorkouts: [workout.id])
                == sqlite.associateSamplesByTime(withWorkouts: [workout.id]))
        #expect(try await postgres.samples(matching: .quantity(.heartRate), predicate: .workout(workout.id))
                == sqlite.samples(matching: .quantity(.heartRate), predicate: .workout(workout.id)))
        #expect(try await postgres.samples(matching: .workout, predicate: .activityType(workout.activityType))
                == sqlite.samples(matching: .workout, predicate: .activityType(workout.activityType)))
        #expect(try await postgres.routes(forWorkout: workout.id) == [route])
        let window = DateInterval(start: route.locations[3].timestamp, end: route.locations[17].timestamp)
        for query in [RouteQuery(routeID: route.id, batchSize: 10), RouteQuery(routeID: route.id, interval: window, batchSize: 4)] {
            var expected: [RouteLocationBatch] = [], actual: [RouteLocationBatch] = []
            for try await batch in sqlite.routeLocationBatches(query) { expected.append(batch) }
            for try await batch in postgres.routeLocationBatches(query) { actual.append(batch) }
            #expect(actual == expected)
        }
        #expect(try await postgres.changes(after: .initial).saved.map(\.id) == sqlite.changes(after: .initial).saved.map(\.id))
    }

    @Test func characteristicsSummariesAndPermissionRecordsAreTheSame() async throws {
        let (sqlite, postgres) = try await stores()
        var summary = ActivitySummary(day: DateComponents(year: 2026, month: 3, day: 2))
        summary.activeEnergyBurned = Quantity(value: 300, unit: .kilocalorie)
        summary.appleExerciseTime = Quantity(value: 31, unit: .minute)
        for store in [sqlite, postgres] {
            _ = try await store.setCharacteristic(.biologicalSex(.female), at: QueryFixtures.at(0))
            _ = try await store.setCharacteristic(.dateOfBirth(DateComponents(year: 1990, month: 5, day: 17)), at: QueryFixtures.at(1))
            #expect(try await store.saveActivitySummaries([summary]) == 1)
            #expect(try await store.saveActivitySummaries([summary]) == 0, "an unchanged day is not written again")
            let app = store.authorization(for: "com.example.app")
            try await app.requestAuthorization(toShare: [.quantity(.heartRate)], read: [.quantity(.heartRate), .workout]) { type, _ in
                type == .workout
            }
        }
        #expect(try await postgres.characteristics() == sqlite.characteristics())
        #expect(try await postgres.activitySummaries() == sqlite.activitySummaries())
        let records = try await postgres.authorizationRecords(), reference = try await sqlite.authorizationRecords()
        #expect(records.map { [$0.client, $0.type.identifier, "\($0.shareStatus)", "\($0.readStatus)"] }
                == reference.map { [$0.client, $0.type.identifier, "\($0.shareStatus)", "\($0.readStatus)"] })
        let removed = try await postgres.removeCharacteristic(.biologicalSex)
        let removedAgain = try await postgres.removeCharacteristic(.biologicalSex)
        #expect(removed && !removedAgain)
    }

    @Test func theRecordingJournalKeepsTheSameContents() async throws {
        let sqlite = try SQLiteBackend.inMemory()
        let postgres = try await PostgresTestDatabase.shared().backend()
        let session = JournalSession(id: UUID(), activityType: .running, createdAt: QueryFixtures.at(0), configuration: Data([1, 2, 3]))
        let location = RouteLocation(timestamp: QueryFixtures.at(1), latitude: 48.85, longitude: 2.35, altitude: 30, speed: 3)
        let batch = JournalBatch(firstReadingSequence: 1,
                                 readings: [SensorReading(time: QueryFixtures.at(1), value: .location(location)),
                                            SensorReading(time: QueryFixtures.at(2), value: .power(watts: 250))],
                                 events: [JournalEvent(sequence: 3, time: QueryFixtures.at(2.5), kind: "pause", payload: Data([9]))],
                                 points: [WorkoutPoint(time: QueryFixtures.at(2), latitude: 48.85, longitude: 2.35, distance: 4)])
        for backend in [sqlite, postgres] as [any HealthStoreBackend] {
            try await backend.createSession(session)
            try await backend.append(batch, toSession: session.id)
            try await backend.closeSession(session.id, status: .discarded, finalBatch: JournalBatch(firstReadingSequence: 4),
                                           endedAt: QueryFixtures.at(3))
        }
        let expected = try await sqlite.contents(ofSession: session.id), actual = try await postgres.contents(ofSession: session.id)
        #expect(actual.session == expected.session)
        #expect(actual.points == expected.points)
        #expect(actual.entries.map { "\($0.sequence) \($0.entry)" } == expected.entries.map { "\($0.sequence) \($0.entry)" })
        #expect(try await postgres.sessions(openOnly: true).isEmpty)
        let error = await #expect(throws: StoreError.self) { try await postgres.append(batch, toSession: session.id) }
        #expect(error?.code == .sessionEnded)
    }
}
