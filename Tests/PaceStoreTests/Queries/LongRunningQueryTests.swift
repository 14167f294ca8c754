import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// The long-running statistics collection, client observers and predicates on anchored queries.
@Suite struct LongRunningQueryTests {
    typealias F = QueryFixtures

    private var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    @Test func statisticsCollectionUpdatesWhenSamplesArrive() async throws {
        // Given a day of hourly intervals with one heart rate in the first hour
        let store = try await F.store([F.heartRate(60, at: 600)])
        let updates = try store.statisticsCollectionUpdates(for: .heartRate, options: .average, anchor: F.base,
                                                            interval: DateComponents(hour: 1), from: F.base,
                                                            to: F.at(86_400), calendar: utc)

        let averages = try await withTimeout {
            var iterator = updates.makeAsyncIterator()
            let first = try await iterator.next()
            // When a sample lands in the first hour and another in the third, and a step count (another type) is saved
            try await store.save(F.steps(10, from: F.at(0), to: F.at(60)))
            try await store.save([.quantitySample(F.heartRate(80, at: 1200)), .quantitySample(F.heartRate(90, at: 7300))])
            var latest = try await iterator.next()
            while latest?.statistics[2].sampleCount == 0 { latest = try await iterator.next() }
            return [first, latest].map { collection in collection.map { $0.statistics.prefix(3).map { $0.average?.value } } }
        }

        // Then the first answer is the collection as it was, a later one includes the new samples
        #expect(averages[0] == [60, nil, nil])
        #expect(averages[1] == [70, nil, 90])
    }

    @Test func activitySummaryUpdatesFollowSavesInTheirRangeOnly() async throws {
        let store = try HealthStore.inMemory()
        @Sendable func day(_ number: Int) -> DateComponents { DateComponents(year: 2026, month: 7, day: number) }
        @Sendable func summary(_ number: Int, move: Double) -> ActivitySummary {
            ActivitySummary(day: day(number), activeEnergyBurned: Quantity(value: move, unit: .kilocalorie))
        }
        try await store.saveActivitySummaries([summary(1, move: 100)])
        let updates = try store.activitySummaryUpdates(from: day(1), through: day(7))

        let seen = try await withTimeout {
            var iterator = updates.makeAsyncIterator()
            let first = try await iterator.next()
            // A day outside the range, the same values again, then a change inside it.
            try await store.saveActivitySummaries([summary(9, move: 900)])
            try await store.saveActivitySummaries([summary(1, move: 100)])
            try await store.saveActivitySummaries([summary(2, move: 250)])
            var latest = try await iterator.next()
            while latest?.count == 1 { latest = try await iterator.next() }
            return [first, latest].map { days in days?.map { $0.activeEnergyBurned?.value } }
        }

        #expect(seen[0] == [100])
        #expect(seen[1] == [100, 250], "day 9 is outside the range")
        #expect(throws: StoreError.self) { _ = try store.activitySummaryUpdates(from: DateComponents(year: 2026, month: 2, day: 30)) }
    }

    @Test func aClientsActivitySummaryUpdatesGiveDaysOnlyWithReadPermission() async throws {
        let store = try HealthStore.inMemory()
        @Sendable func stand(_ day: Int, _ hours: Double) -> ActivitySummary {
            ActivitySummary(day: DateComponents(year: 2026, month: 7, day: day), appleStandHours: Quantity(value: hours, unit: .count))
        }
        try await store.saveActivitySummaries([stand(1, 9)])
        let allowed = store.authorization(for: "com.example.rings")
        let denied = store.authorization(for: "com.example.other")
        try await allowed.requestAuthorization(toShare: [], read: [.activitySummary]) { _, _ in true }
        try await denied.requestAuthorization(toShare: [], read: [.activitySummary]) { _, _ in false }
        let allowedUpdates = try allowed.activitySummaryUpdates()
        let deniedUpdates = try denied.activitySummaryUpdates()

        let counts = try await withTimeout {
            var seen = allowedUpdates.makeAsyncIterator()
            var hidden = deniedUpdates.makeAsyncIterator()
            let first = (try await seen.next()?.count, try await hidden.next()?.count)
            try await store.saveActivitySummaries([stand(2, 11)])
            var later = try await seen.next()
            while later?.count == 1 { later = try await seen.next() }
            return [first.0, first.1, later?.count]
        }

        #expect(counts == [1, 0, 2], "the allowed client sees the stored day, then both; the denied one sees none")
    }

    @Test func statisticsCollectionUpdatesRefuseBadArgumentsUpFront() throws {
        let store = try HealthStore.inMemory()
        #expect(throws: StoreError.self) {
            _ = try store.statisticsCollectionUpdates(for: .heartRate, options: .sum, anchor: F.base,
                                                      interval: DateComponents(day: 1), from: F.base, to: F.at(86_400), calendar: utc)
        }
        #expect(throws: StoreError.self) {
            _ = try store.statisticsCollectionUpdates(for: .heartRate, anchor: F.base, interval: DateComponents(day: 0),
                                                      from: F.base, to: F.at(86_400), calendar: utc)
        }
    }

    @Test func statisticsCollectionUpdatesEndWhenCancelled() async throws {
        let store = try HealthStore.inMemory()
        let updates = try store.statisticsCollectionUpdates(for: .heartRate, anchor: F.base, interval: DateComponents(day: 1),
                                                            from: F.base, to: F.at(86_400), calendar: utc)
        let consumer = Task {
            var count = 0
            for try await _ in updates { count += 1 }
            return count
        }
        let count = try await withTimeout {
            try await Task.sleep(for: .milliseconds(200))
            consumer.cancel()
            return try await consumer.value
        }
        #expect(count <= 1)
    }

    @Test func clientWithoutReadPermissionIsNotifiedOfItsOwnSavesOnly() async throws {
        // Given an app allowed to write heart rate but not to read it
        let store = try HealthStore.inMemory()
        let appID = "com.example.runner"
        let app = store.authorization(for: appID)
        try await app.requestAuthorization(toShare: [.quantity(.heartRate)], read: [.quantity(.heartRate)]) { _, access in access == .share }
        let updates = try await app.observe(.quantity(.heartRate))
        var sample = F.heartRate(120, at: 60)
        sample.source = Source(name: "Runner", bundleIdentifier: appID)
        let own = sample

        let anchors = try await withTimeout {
            var iterator = updates.makeAsyncIterator()
            // When another source saves (not revealed), then the app saves
            try await store.save(F.heartRate(100, at: 0))
            try await app.save(own)
            return try await iterator.next()?.anchor
        }

        // Then the one notification is the app's own save
        #expect(anchors == (try await store.anchor(of: own.id)))
    }

    @Test func clientWithReadPermissionIsNotifiedOfEveryone() async throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: "com.example.coach")
        try await app.requestAuthorization(toShare: [], read: [.quantity(.heartRate)]) { _, _ in true }
        let updates = try await app.observe(.quantity(.heartRate))
        let other = F.heartRate(100, at: 0)

        let anchor = try await withTimeout {
            var iterator = updates.makeAsyncIterator()
            try await store.save(other)
            return try await iterator.next()?.anchor
        }

        #expect(anchor == (try await store.anchor(of: other.id)))
    }

    @Test func anchoredQueriesTakeAPredicate() async throws {
        // Given heart rates of two sources, one with metadata
        let tagged = F.heartRate(150, at: 0, metadata: [.wasUserEntered: .bool(true)])
        let plain = F.heartRate(90, at: 60)
        let phone = F.heartRate(170, at: 120, source: F.phone)
        let store = try await F.store([tagged, plain, phone])

        // When queried with predicates
        func added(_ predicate: SamplePredicate) async throws -> [UUID] {
            try await store.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate), predicate: predicate)).added.map(\.id)
        }

        // Then only matching additions come back
        #expect(try await added(.quantity(.greaterThan, Quantity(value: 120, unit: .countPerMinute))) == [tagged.id, phone.id])
        #expect(try await added(.metadata(.wasUserEntered, equals: .bool(true))) == [tagged.id])
        #expect(try await added(.source(F.phone.bundleIdentifier) || .date(from: F.at(30), to: F.at(90))) == [plain.id, phone.id])
        // and a predicate that does not fit the type is a clear error
        let error = await #expect(throws: StoreError.self) {
            _ = try await store.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate),
                                                              predicate: .quantity(.greaterThan, Quantity(value: 1, unit: .meter))))
        }
        #expect(error?.code == .invalidQuery)
    }
}
