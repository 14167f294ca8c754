import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// A store written in the layout of migrations v1–v6 (device JSON in every row, sync identifier and
/// version repeated in the metadata JSON, anchor in its own unique index) is migrated by
/// `v7-compact-objects` and reads back exactly as it was saved.
@Suite struct StoreMigrationV7Tests {
    private static let legacyAppleHealthID = "applehealth:6c99a25c95358e9d3243927d59a63d72"
    private static let otherDevice = Device(name: "Phone", manufacturer: "Acme", model: "P1")

    /// Objects covering what v7 changes: with and without device, sync identifiers as strings and
    /// versions as integers (moved to the columns), a version as a double (kept in the JSON), an
    /// identifier in Pace's old Apple Health form, metadata of every value kind, a workout and its route.
    private static func objects() -> [HealthObject] {
        let start = TestObjects.morning
        var synced = TestObjects.heartRate(150, at: start.addingTimeInterval(10),
            metadata: [.heartRateMotionContext: .integer(1), .syncIdentifier: .string("strap-42"), .syncVersion: .integer(7)])
        synced.device = otherDevice
        let doubleVersion = TestObjects.heartRate(151, at: start.addingTimeInterval(20),
            metadata: [.syncIdentifier: .string("strap-43"), .syncVersion: .double(3)])
        let imported = TestObjects.heartRate(152, at: start.addingTimeInterval(30),
            metadata: [.syncIdentifier: .string(legacyAppleHealthID), .syncVersion: .integer(1),
                       .wasUserEntered: .bool(false), "org.pace.test.text": .string("a \"quoted\" line\n")])
        var noDevice = TestObjects.heartRate(153, at: start.addingTimeInterval(40), metadata: [:])
        noDevice.device = nil
        let energy = QuantitySample(type: .activeEnergyBurned, quantity: Quantity(value: 1e-7, unit: .kilocalorie),
                                    start: start, end: start.addingTimeInterval(60), source: TestObjects.watch,
                                    device: TestObjects.strap, metadata: ["org.pace.test.date": .date(start), "n": .double(0.1)])
        let sleep = CategorySample(type: .sleepAnalysis, value: 3, start: start.addingTimeInterval(-3600), end: start,
                                   source: TestObjects.watch, device: TestObjects.strap,
                                   metadata: [.syncIdentifier: .string("sleep-1"), .syncVersion: .integer(2)])
        let run = TestObjects.run(start: start, metadata: [.syncIdentifier: .string("run-1"), .syncVersion: .integer(4)])
        var route = TestObjects.route(for: run)
        route.metadata = [.syncIdentifier: .string("applehealth:0123456789abcdef0123456789abcdef"), .syncVersion: .integer(1)]
        return [.quantitySample(synced), .quantitySample(doubleVersion), .quantitySample(imported), .quantitySample(noDevice),
                .quantitySample(energy), .quantitySample(TestObjects.heartRate(140)), .categorySample(sleep),
                .workout(run), .workoutRoute(route)]
    }

    /// Writes `objects` the way stores of layout v6 held them, into a file migrated up to v6 only.
    private static func writeV6Store(_ objects: [HealthObject], at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v6-quantity-rollup")
        try queue.write { db in try LegacyStoreWriter.write(objects, layout: .v6, db) }
    }

    /// What an object reads back as after v7: its Apple Health sync identifier of the old form
    /// (`applehealth:` and 32 hex digits) has the start time key inserted.
    private static func expectedAfterMigration(_ object: HealthObject) -> HealthObject {
        guard let identifier = object.metadata.syncIdentifier, identifier.hasPrefix("applehealth:") else { return object }
        let start: Date = switch object {
        case .quantitySample(let s): s.startDate
        case .categorySample(let s): s.startDate
        case .workout(let w): w.startDate
        case .workoutRoute(let r): r.startDate!
        }
        let key = String(UInt32(start.timeIntervalSince1970), radix: 16)
        let converted = "applehealth:" + String(repeating: "0", count: 8 - key.count) + key + identifier.dropFirst(12)
        var copy = object
        switch copy {
        case .quantitySample(var s): s.metadata.syncIdentifier = converted; copy = .quantitySample(s)
        case .categorySample(var s): s.metadata.syncIdentifier = converted; copy = .categorySample(s)
        case .workout(var w): w.metadata.syncIdentifier = converted; copy = .workout(w)
        case .workoutRoute(var r): r.metadata.syncIdentifier = converted; copy = .workoutRoute(r)
        }
        return copy
    }

    @Test func aV6StoreMigratesAndReadsBackEveryObjectEqual() async throws {
        // Given a store file in the v6 layout
        let directory = try TemporaryDirectory()
        let path = directory.path("v6.sqlite")
        let objects = Self.objects()
        try Self.writeV6Store(objects, at: path)

        // When Pace opens it (v7 runs)
        let store = try HealthStore(path: path)

        // Then every object reads back equal, by identifier and through the sample page reader
        let expected = objects.map(Self.expectedAfterMigration)
        #expect(expected[2].metadata.syncIdentifier == "applehealth:6afff00e" + "6c99a25c95358e9d3243927d59a63d72")
        for object in expected {
            #expect(try await store.object(id: object.id) == object)
        }
        let heartRates = try await store.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate)))
        #expect(heartRates.added == expected.filter { $0.objectType == .quantity(.heartRate) })
        let sleep = try await store.anchoredObjects(AnchoredObjectQuery(type: .category(.sleepAnalysis)))
        #expect(sleep.added == [expected[6]])
        #expect(try await store.routes(forWorkout: objects[7].id) == [expected[8]].compactMap {
            if case .workoutRoute(let route) = $0 { route } else { nil }
        })
        // and the anchor counter goes on where it was
        #expect(try await store.currentAnchor().rawValue == Int64(objects.count))
    }

    @Test func theMigratedRowsHoldEachDeviceOnceAndNoSyncColumnTwice() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v6.sqlite")
        try Self.writeV6Store(Self.objects(), at: path)

        let store = try HealthStore(path: path)

        try store.writer.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM device") == 2)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM healthObject WHERE deviceID IS NULL") == 1)
            // String identifiers and integer versions left the JSON; the double version stayed.
            let metadata = try String.fetchAll(db, sql: "SELECT metadata FROM healthObject ORDER BY anchor")
            #expect(metadata.filter { $0.contains("HKMetadataKeySyncIdentifier") }.isEmpty)
            #expect(metadata.filter { $0.contains("HKMetadataKeySyncVersion") } == [#"{"HKMetadataKeySyncVersion":{"double":3.0}}"#])
            let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'healthObject' ORDER BY name")
            #expect(indexes == ["healthObject_sync", "healthObject_type_anchor", "healthObject_type_start", "sqlite_autoindex_healthObject_1"])
            let triggers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            // The cascades and the rollup's delete trigger of v14, which runs after v7 here.
            #expect(triggers == ["healthObject_quantity_delete", "healthObject_rollup_frozen", "healthObject_route_cascade",
                                 "quantityRollup_hour_delete", "quantityRollup_hour_insert", "quantityRollup_hour_update",
                                 "quantitySample_rollup_frozen", "quantitySample_rollup_insert", "workoutRoute_stays_with_its_workout",
                                 "workoutSample_cascade"])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try Int.fetchOne(db, sql: "SELECT sum(sampleCount) FROM quantityRollup") == 6)
        }
    }

    @Test func queriesOnSyncColumnsAndDevicesMatchAsBefore() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v6.sqlite")
        let objects = Self.objects()
        try Self.writeV6Store(objects, at: path)
        let store = try HealthStore(path: path)
        let heartRate = HealthObjectType.quantity(.heartRate)

        #expect(try await store.samples(matching: heartRate, predicate: .metadata(.syncIdentifier, equals: .string("strap-42"))).map(\.id)
                == [objects[0].id])
        #expect(try await store.samples(matching: heartRate, predicate: .metadata(.syncVersion, equals: .integer(7))).map(\.id)
                == [objects[0].id])
        // A version saved as a double is matched as a double, as before v7, not as an integer.
        #expect(try await store.samples(matching: heartRate, predicate: .metadata(.syncVersion, equals: .double(3))).map(\.id)
                == [objects[1].id])
        #expect(try await store.samples(matching: heartRate, predicate: .metadata(.syncVersion, equals: .integer(3))).isEmpty)
        #expect(try await store.samples(matching: heartRate, predicate: .device(named: "Phone")).map(\.id) == [objects[0].id])
        #expect(try await Set(store.samples(matching: heartRate, predicate: .device(named: "Strap")).map(\.id))
                == [objects[1].id, objects[2].id, objects[5].id])
        #expect(try await store.samples(matching: heartRate, predicate: !SamplePredicate.device(named: "Strap")).map(\.id) == [objects[0].id])
    }

    @Test func savingAfterTheMigrationKeepsRecognisingSyncIdentifiers() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v6.sqlite")
        let objects = Self.objects()
        try Self.writeV6Store(objects, at: path)
        let store = try HealthStore(path: path)

        // The same objects under new UUIDs: each is recognised by its (converted) sync identifier.
        let again: [HealthObject] = objects.prefix(7).map(Self.expectedAfterMigration).compactMap {
            switch $0 {
            case .quantitySample(var s): s.id = UUID.timeOrdered(); return .quantitySample(s)
            case .categorySample(var s): s.id = UUID.timeOrdered(); return .categorySample(s)
            default: return nil
            }
        }
        let skipped = try store.saveSkippingStoredSyncIdentifiers(HealthObjectBatch(again))
        // Samples without a sync identifier (positions 3, 4, 5) are new objects; the others are skipped.
        #expect(skipped == [0, 1, 2, 6])
        // A new device is added once, and reads back.
        var newDevice = TestObjects.heartRate(99, at: TestObjects.morning.addingTimeInterval(500))
        newDevice.device = Device(name: "Ring", manufacturer: "Acme")
        try await store.save([.quantitySample(newDevice), .quantitySample(newDevice.withNewID())])
        #expect(try await store.object(id: newDevice.id) == .quantitySample(newDevice))
        let devices = try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM device") }
        #expect(devices == 3)
    }
}

extension QuantitySample {
    fileprivate func withNewID() -> QuantitySample {
        var copy = self
        copy.id = UUID.timeOrdered()
        return copy
    }
}
