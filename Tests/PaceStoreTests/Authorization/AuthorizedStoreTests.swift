import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct AuthorizedStoreTests {
    private let heartRate = HealthObjectType.quantity(.heartRate)
    private let appID = "com.example.runner"

    /// A heart-rate sample written by the app itself.
    private func ownSample(_ value: Double = 130) -> QuantitySample {
        var sample = TestObjects.heartRate(value, metadata: [:])
        sample.source = Source(name: "Runner", bundleIdentifier: appID)
        return sample
    }

    @Test func writingWithoutSharePermissionThrowsAndSavesNothing() async throws {
        // Given an app that was never asked, and one that was denied
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)

        // When / Then
        let undetermined = await #expect(throws: StoreError.self) { try await app.save(ownSample()) }
        #expect(undetermined?.code == .notAuthorized)
        #expect(undetermined?.message == "'com.example.runner' may not write HKQuantityTypeIdentifierHeartRate: no permission was requested yet; call requestAuthorization(toShare:read:decide:) first. Nothing was saved.")
        try await app.requestAuthorization(toShare: [heartRate], read: []) { _, _ in false }
        let denied = await #expect(throws: StoreError.self) { try await app.save(ownSample()) }
        #expect(denied?.message == "'com.example.runner' may not write HKQuantityTypeIdentifierHeartRate: the user denied sharing; the decision stands until the user changes it. Nothing was saved.")
        #expect(try await store.samples(of: heartRate).isEmpty)
    }

    @Test func writingWithSharePermissionSaves() async throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)
        try await app.requestAuthorization(toShare: [heartRate], read: []) { _, _ in true }

        try await app.save(ownSample())

        #expect(try await store.samples(of: heartRate).count == 1)
    }

    @Test func readingWithoutPermissionRevealsOnlyOwnSamples() async throws {
        // Given another source's sample and the app's own
        let store = try HealthStore.inMemory()
        let other = TestObjects.heartRate(150)
        try await store.save(other)
        let app = store.authorization(for: appID)
        try await app.requestAuthorization(toShare: [heartRate], read: [heartRate]) { _, access in access == .share }
        let own = ownSample()
        try await app.save(own)

        // Then: the other source's sample is invisible, without an error
        #expect(try await app.object(id: other.id) == nil)
        #expect(try await app.object(id: own.id) == .quantitySample(own))
        #expect(try await app.samples(of: heartRate) == [.quantitySample(own)])
        let changes = try await app.anchoredObjects(AnchoredObjectQuery(type: heartRate))
        #expect(changes.added == [.quantitySample(own)])
        // and the owner sees everything
        #expect(try await store.samples(of: heartRate).count == 2)
    }

    @Test func readingWithPermissionSeesEveryone() async throws {
        let store = try HealthStore.inMemory()
        let other = TestObjects.heartRate(150)
        try await store.save(other)
        let app = store.authorization(for: appID)
        try await app.requestAuthorization(toShare: [], read: [heartRate]) { _, _ in true }

        #expect(try await app.object(id: other.id) == .quantitySample(other))
        #expect(try await app.samples(of: heartRate).count == 1)
        #expect(try await app.samples(matching: heartRate, predicate: .quantity(.greaterThan, Quantity(value: 140, unit: .countPerMinute)))
                == [.quantitySample(other)])
    }

    /// The client's predicate query: the scope is in the query, so a limit counts only what the
    /// client may see (filtering after loading would return the other source's first row, then nothing).
    @Test func aPredicateQueryIsScopedInsideTheQuery() async throws {
        let store = try HealthStore.inMemory()
        var older = TestObjects.heartRate(170, at: TestObjects.morning.addingTimeInterval(-600))
        older.metadata = [:]
        try await store.save(older)
        let app = store.authorization(for: appID)
        try await app.requestAuthorization(toShare: [heartRate], read: [heartRate]) { _, access in access == .share }
        let own = ownSample(120)
        try await app.save(own)

        #expect(try await app.samples(matching: heartRate, limit: 1) == [.quantitySample(own)])
        #expect(try await app.samples(matching: heartRate, predicate: .quantity(.greaterThan, Quantity(value: 150, unit: .countPerMinute))).isEmpty,
                "the other source's 170 bpm stays invisible")
        #expect(try await store.samples(matching: heartRate, limit: 1) == [.quantitySample(older)], "the owner's first row is the other source's")
    }

    @Test func statusReportsShareOnly() async throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)
        #expect(try await app.authorizationStatus(for: heartRate) == .notDetermined)

        try await app.requestAuthorization(toShare: [], read: [heartRate]) { _, _ in true }
        #expect(try await app.authorizationStatus(for: heartRate) == .notDetermined)

        try await app.requestAuthorization(toShare: [heartRate, .workout], read: []) { type, _ in type == .workout }
        #expect(try await app.authorizationStatus(for: heartRate) == .sharingDenied)
        #expect(try await app.authorizationStatus(for: .workout) == .sharingAuthorized)
    }

    @Test func aDecisionIsNotAskedTwice() async throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)
        let questions = Locked<[String]>([])
        try await app.requestAuthorization(toShare: [heartRate], read: [heartRate]) { type, access in
            questions.withLock { $0.append("\(access.rawValue) \(type.identifier)") }; return false
        }

        try await app.requestAuthorization(toShare: [heartRate, .workout], read: [heartRate]) { type, access in
            questions.withLock { $0.append("\(access.rawValue) \(type.identifier)") }; return true
        }
        let asked = questions.withLock { $0 }

        #expect(asked == ["share HKQuantityTypeIdentifierHeartRate", "read HKQuantityTypeIdentifierHeartRate",
                          "share HKWorkoutTypeIdentifier"])
        #expect(try await app.authorizationStatus(for: heartRate) == .sharingDenied)
    }

    @Test func decisionsAreKeptPerClient() async throws {
        let store = try HealthStore.inMemory()
        try await store.authorization(for: appID).requestAuthorization(toShare: [heartRate], read: []) { _, _ in true }

        #expect(try await store.authorization(for: "com.example.other").authorizationStatus(for: heartRate) == .notDetermined)
        #expect(try await store.authorization(for: Source(name: "Runner", bundleIdentifier: appID)).authorizationStatus(for: heartRate) == .sharingAuthorized)
    }

    @Test func decisionsPersistAcrossReopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        do {
            let store = try HealthStore(path: path)
            try await store.authorization(for: appID).requestAuthorization(toShare: [heartRate], read: []) { _, _ in true }
        }

        let reopened = try HealthStore(path: path)
        let asked = Locked(false)
        try await reopened.authorization(for: appID).requestAuthorization(toShare: [heartRate], read: []) { _, _ in
            asked.withLock { $0 = true }; return false
        }

        #expect(!asked.withLock { $0 })
        #expect(try await reopened.authorization(for: appID).authorizationStatus(for: heartRate) == .sharingAuthorized)
    }
}

@Suite struct AuthorizedStoreRouteAndDeleteTests {
    private let appID = "com.example.runner"

    @Test func routeOfAnotherSourceReadsAsEmptyWithoutPermission() async throws {
        let store = try HealthStore.inMemory()
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 12)
        try await store.save([.workout(run), .workoutRoute(route)])
        let app = store.authorization(for: appID)

        var hidden: [RouteLocationBatch] = []
        for try await batch in app.routeLocationBatches(RouteQuery(routeID: route.id, batchSize: 5)) { hidden.append(batch) }
        try await app.requestAuthorization(toShare: [], read: [.workoutRoute]) { _, _ in true }
        var shown: [RouteLocation] = []
        for try await batch in app.routeLocationBatches(RouteQuery(routeID: route.id, batchSize: 5)) { shown += batch.locations }

        #expect(hidden.count == 1 && hidden[0].locations.isEmpty && hidden[0].isDone)
        #expect(shown == route.locations)
    }

    @Test func clientDeletesOnlyItsOwnObjects() async throws {
        let store = try HealthStore.inMemory()
        let other = TestObjects.heartRate(150)
        try await store.save(other)
        let app = store.authorization(for: appID)
        try await app.requestAuthorization(toShare: [.quantity(.heartRate)], read: [.quantity(.heartRate)]) { _, _ in true }
        var own = TestObjects.heartRate(120, metadata: [:])
        own.source = Source(name: "Runner", bundleIdentifier: appID)
        try await app.save(own)

        let error = await #expect(throws: StoreError.self) { try await app.delete(id: other.id) }
        #expect(error?.code == .notAuthorized)
        #expect(try await app.delete(id: own.id))
        #expect(try await store.object(id: other.id) != nil)
        #expect(try await store.object(id: own.id) == nil)
    }
}
