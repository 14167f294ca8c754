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

    @Test func writingWithoutSharePermissionThrowsAndSavesNothing() throws {
        // Given an app that was never asked, and one that was denied
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)

        // When / Then
        let undetermined = #expect(throws: StoreError.self) { try app.save(ownSample()) }
        #expect(undetermined?.code == .notAuthorized)
        #expect(undetermined?.message == "'com.example.runner' may not write HKQuantityTypeIdentifierHeartRate: no permission was requested yet; call requestAuthorization(toShare:read:decide:) first. Nothing was saved.")
        try app.requestAuthorization(toShare: [heartRate], read: []) { _, _ in false }
        let denied = #expect(throws: StoreError.self) { try app.save(ownSample()) }
        #expect(denied?.message == "'com.example.runner' may not write HKQuantityTypeIdentifierHeartRate: the user denied sharing; the decision stands until the user changes it. Nothing was saved.")
        #expect(try store.samples(of: heartRate).isEmpty)
    }

    @Test func writingWithSharePermissionSaves() throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)
        try app.requestAuthorization(toShare: [heartRate], read: []) { _, _ in true }

        try app.save(ownSample())

        #expect(try store.samples(of: heartRate).count == 1)
    }

    @Test func readingWithoutPermissionRevealsOnlyOwnSamples() throws {
        // Given another source's sample and the app's own
        let store = try HealthStore.inMemory()
        let other = TestObjects.heartRate(150)
        try store.save(other)
        let app = store.authorization(for: appID)
        try app.requestAuthorization(toShare: [heartRate], read: [heartRate]) { _, access in access == .share }
        let own = ownSample()
        try app.save(own)

        // Then: the other source's sample is invisible, without an error
        #expect(try app.object(id: other.id) == nil)
        #expect(try app.object(id: own.id) == .quantitySample(own))
        #expect(try app.samples(of: heartRate) == [.quantitySample(own)])
        let changes = try app.anchoredObjects(AnchoredObjectQuery(type: heartRate))
        #expect(changes.added == [.quantitySample(own)])
        // and the owner sees everything
        #expect(try store.samples(of: heartRate).count == 2)
    }

    @Test func readingWithPermissionSeesEveryone() throws {
        let store = try HealthStore.inMemory()
        let other = TestObjects.heartRate(150)
        try store.save(other)
        let app = store.authorization(for: appID)
        try app.requestAuthorization(toShare: [], read: [heartRate]) { _, _ in true }

        #expect(try app.object(id: other.id) == .quantitySample(other))
        #expect(try app.samples(of: heartRate).count == 1)
        #expect(try app.samples(matching: heartRate, predicate: .quantity(.greaterThan, Quantity(value: 140, unit: .countPerMinute)))
                == [.quantitySample(other)])
    }

    /// The client's predicate query: the scope is in the query, so a limit counts only what the
    /// client may see (filtering after loading would return the other source's first row, then nothing).
    @Test func aPredicateQueryIsScopedInsideTheQuery() throws {
        let store = try HealthStore.inMemory()
        var older = TestObjects.heartRate(170, at: TestObjects.morning.addingTimeInterval(-600))
        older.metadata = [:]
        try store.save(older)
        let app = store.authorization(for: appID)
        try app.requestAuthorization(toShare: [heartRate], read: [heartRate]) { _, access in access == .share }
        let own = ownSample(120)
        try app.save(own)

        #expect(try app.samples(matching: heartRate, limit: 1) == [.quantitySample(own)])
        #expect(try app.samples(matching: heartRate, predicate: .quantity(.greaterThan, Quantity(value: 150, unit: .countPerMinute))).isEmpty,
                "the other source's 170 bpm stays invisible")
        #expect(try store.samples(matching: heartRate, limit: 1) == [.quantitySample(older)], "the owner's first row is the other source's")
    }

    @Test func statusReportsShareOnly() throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)
        #expect(try app.authorizationStatus(for: heartRate) == .notDetermined)

        try app.requestAuthorization(toShare: [], read: [heartRate]) { _, _ in true }
        #expect(try app.authorizationStatus(for: heartRate) == .notDetermined)

        try app.requestAuthorization(toShare: [heartRate, .workout], read: []) { type, _ in type == .workout }
        #expect(try app.authorizationStatus(for: heartRate) == .sharingDenied)
        #expect(try app.authorizationStatus(for: .workout) == .sharingAuthorized)
    }

    @Test func aDecisionIsNotAskedTwice() throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)
        var asked: [String] = []
        try app.requestAuthorization(toShare: [heartRate], read: [heartRate]) { type, access in
            asked.append("\(access.rawValue) \(type.identifier)"); return false
        }

        try app.requestAuthorization(toShare: [heartRate, .workout], read: [heartRate]) { type, access in
            asked.append("\(access.rawValue) \(type.identifier)"); return true
        }

        #expect(asked == ["share HKQuantityTypeIdentifierHeartRate", "read HKQuantityTypeIdentifierHeartRate",
                          "share HKWorkoutTypeIdentifier"])
        #expect(try app.authorizationStatus(for: heartRate) == .sharingDenied)
    }

    @Test func decisionsAreKeptPerClient() throws {
        let store = try HealthStore.inMemory()
        try store.authorization(for: appID).requestAuthorization(toShare: [heartRate], read: []) { _, _ in true }

        #expect(try store.authorization(for: "com.example.other").authorizationStatus(for: heartRate) == .notDetermined)
        #expect(try store.authorization(for: Source(name: "Runner", bundleIdentifier: appID)).authorizationStatus(for: heartRate) == .sharingAuthorized)
    }

    @Test func decisionsPersistAcrossReopen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        do {
            let store = try HealthStore(path: path)
            try store.authorization(for: appID).requestAuthorization(toShare: [heartRate], read: []) { _, _ in true }
        }

        let reopened = try HealthStore(path: path)
        var asked = false
        try reopened.authorization(for: appID).requestAuthorization(toShare: [heartRate], read: []) { _, _ in asked = true; return false }

        #expect(!asked)
        #expect(try reopened.authorization(for: appID).authorizationStatus(for: heartRate) == .sharingAuthorized)
    }
}

@Suite struct AuthorizedStoreRouteAndDeleteTests {
    private let appID = "com.example.runner"

    @Test func routeOfAnotherSourceReadsAsEmptyWithoutPermission() async throws {
        let store = try HealthStore.inMemory()
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 12)
        try store.save([.workout(run), .workoutRoute(route)])
        let app = store.authorization(for: appID)

        var hidden: [RouteLocationBatch] = []
        for try await batch in app.routeLocationBatches(RouteQuery(routeID: route.id, batchSize: 5)) { hidden.append(batch) }
        try app.requestAuthorization(toShare: [], read: [.workoutRoute]) { _, _ in true }
        var shown: [RouteLocation] = []
        for try await batch in app.routeLocationBatches(RouteQuery(routeID: route.id, batchSize: 5)) { shown += batch.locations }

        #expect(hidden.count == 1 && hidden[0].locations.isEmpty && hidden[0].isDone)
        #expect(shown == route.locations)
    }

    @Test func clientDeletesOnlyItsOwnObjects() throws {
        let store = try HealthStore.inMemory()
        let other = TestObjects.heartRate(150)
        try store.save(other)
        let app = store.authorization(for: appID)
        try app.requestAuthorization(toShare: [.quantity(.heartRate)], read: [.quantity(.heartRate)]) { _, _ in true }
        var own = TestObjects.heartRate(120, metadata: [:])
        own.source = Source(name: "Runner", bundleIdentifier: appID)
        try app.save(own)

        let error = #expect(throws: StoreError.self) { try app.delete(id: other.id) }
        #expect(error?.code == .notAuthorized)
        #expect(try app.delete(id: own.id))
        #expect(try store.object(id: other.id) != nil)
        #expect(try store.object(id: own.id) == nil)
    }
}
