import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// The bulk path for samples (`ObjectWriter+Samples.swift`, used by every `save` of a batch) against
/// the general path the recording journal still takes (`ObjectWriter` without transaction state).
@Suite struct StoreBulkSaveTests {
    /// Samples of both kinds, with and without devices, metadata and sync identifiers, and a workout.
    private static func mixedObjects() -> [HealthObject] {
        var objects: [HealthObject] = []
        for index in 0..<40 {
            let date = TestObjects.morning.addingTimeInterval(Double(index) * 60)
            var sample = TestObjects.heartRate(Double(60 + index), at: date)
            if index % 3 == 0 { sample.device = nil }
            if index % 4 == 0 {
                sample.metadata.syncIdentifier = "hr-\(index)"
                sample.metadata.syncVersion = Int64(index)
            }
            if index % 5 == 0 { sample.metadata[.wasUserEntered] = .bool(true) }
            if index % 7 == 0 { sample.quantity = Quantity(value: Double(index) / 60, unit: .count / .second) }
            objects.append(.quantitySample(sample))
            if index % 6 == 0 { objects.append(.categorySample(TestObjects.sleep(at: date))) }
            if index == 20 { objects.append(.workout(TestObjects.run(start: date))) }
        }
        return objects
    }

    /// Every row of the object tables, `savedAt` left out, in anchor order.
    private static func rows(_ store: HealthStore) throws -> [[DatabaseValue]] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT h.uuid, h.kind, h.typeIdentifier, h.startDate, h.endDate, h.anchor, h.sourceName,
                       h.sourceBundleIdentifier, h.sourceVersion, h.sourceProductType, h.sourceOperatingSystemVersion,
                       h.deviceID, h.metadata, h.syncIdentifier, h.syncVersion,
                       q.value, q.unit, q.canonicalValue, c.value AS category
                FROM healthObject h LEFT JOIN quantitySample q USING (anchor) LEFT JOIN categorySample c USING (uuid)
                ORDER BY h.anchor
                """).map { Array($0.databaseValues) }
                + Row.fetchAll(db, sql: "SELECT uuid, kind, typeIdentifier, anchor FROM tombstone ORDER BY anchor")
                    .map { Array($0.databaseValues) }
                + Row.fetchAll(db, sql: "SELECT lastAnchor FROM storeState").map { Array($0.databaseValues) }
        }
    }

    /// Saves through the general path, one anchor update per object, as before the bulk path existed.
    private static func saveInGeneralPath(_ objects: [HealthObject], to store: HealthStore) throws {
        try store.writer.write { db in
            for object in objects { try ObjectWriter(db: db, now: Date()).insert(object) }
        }
    }

    @Test func aBatchStoresTheSameRowsAndAnchorsAsTheGeneralPath() async throws {
        let objects = Self.mixedObjects()
        let bulk = try HealthStore.inMemory()
        let general = try HealthStore.inMemory()

        try await bulk.save(objects)
        try Self.saveInGeneralPath(objects, to: general)

        #expect(try Self.rows(bulk) == Self.rows(general))
        #expect(try await bulk.currentAnchor() == Anchor(rawValue: Int64(objects.count)))
        #expect(try await bulk.quantitySamples(of: .heartRate).count == 40)
    }

    @Test func syncReplacementInsideABatchMatchesTheGeneralPath() async throws {
        let stored = Self.mixedObjects()
        var replacement = TestObjects.heartRate(99)
        replacement.metadata.syncIdentifier = "hr-8"
        replacement.metadata.syncVersion = 9
        var later = TestObjects.heartRate(98)
        later.metadata.syncIdentifier = "hr-8"
        later.metadata.syncVersion = 10
        let batch: [HealthObject] = [.quantitySample(TestObjects.heartRate(70)), .quantitySample(replacement),
                                     .categorySample(TestObjects.sleep()), .quantitySample(later)]
        let bulk = try HealthStore.inMemory()
        let general = try HealthStore.inMemory()
        try await bulk.save(stored)
        try Self.saveInGeneralPath(stored, to: general)

        try await bulk.save(batch)
        try Self.saveInGeneralPath(batch, to: general)

        #expect(try Self.rows(bulk) == Self.rows(general))
        let changes = try await bulk.changes(after: Anchor(rawValue: Int64(stored.count)))
        #expect(changes.saved.map(\.id) == [batch[0].id, batch[2].id, later.id])
        #expect(changes.deleted.count == 2)
        #expect(try await bulk.quantitySample(id: later.id) == later)
    }

    @Test func aBatchWithARefusedObjectChangesNothing() async throws {
        let store = try HealthStore.inMemory()
        var synced = TestObjects.heartRate(120)
        synced.metadata.syncIdentifier = "strap-1"
        synced.metadata.syncVersion = 3
        let deleted = TestObjects.heartRate(121)
        try await store.save([.quantitySample(synced), .quantitySample(deleted)])
        try await store.delete(id: deleted.id)
        let anchor = try await store.currentAnchor()
        let before = try Self.rows(store)
        var notHigher = TestObjects.heartRate(122)
        notHigher.metadata.syncIdentifier = "strap-1"
        notHigher.metadata.syncVersion = 3
        let fresh: HealthObject = .quantitySample(TestObjects.heartRate(123))

        let duplicate = await #expect(throws: StoreError.self) { try await store.save([fresh, .quantitySample(synced)]) }
        let reused = await #expect(throws: StoreError.self) { try await store.save([fresh, .quantitySample(deleted)]) }
        let version = await #expect(throws: StoreError.self) { try await store.save([fresh, .quantitySample(notHigher)]) }

        #expect(duplicate?.code == .duplicateObject)
        #expect(duplicate?.message == "An object with UUID \(synced.id.uuidString) is already stored. Objects are immutable: delete it first, or give the new object a new UUID.")
        #expect(reused?.code == .deletedObject)
        #expect(version?.code == .syncVersionNotHigher)
        #expect(version?.message == "Not saved: object \(synced.id.uuidString) with sync identifier 'strap-1' is stored at version 3, and the new version 3 is not higher. Raise HKMetadataKeySyncVersion to replace it.")
        #expect(try await store.currentAnchor() == anchor)
        #expect(try Self.rows(store) == before)
        #expect(try await store.quantitySample(id: fresh.id) == nil)
    }

    @Test func aDuplicateInsideTheBatchIsRefused() async throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()

        let error = await #expect(throws: StoreError.self) { try await store.save([.quantitySample(sample), .quantitySample(sample)]) }

        #expect(error?.code == .duplicateObject)
        #expect(try await store.currentAnchor() == .initial)
    }

    @Test func skippingLeavesOutStoredSyncIdentifiersAndSavesTheRest() async throws {
        let store = try HealthStore.inMemory()
        var stored = TestObjects.heartRate(120)
        stored.metadata.syncIdentifier = "import-1"
        stored.metadata.syncVersion = 1
        try await store.save(stored)
        var again = TestObjects.heartRate(120)
        again.metadata = stored.metadata
        var otherSource = again
        otherSource.id = UUID()
        otherSource.source = Source(name: "Phone", bundleIdentifier: "org.pace.tests.phone")
        let new = TestObjects.heartRate(130)
        let batch = try HealthObjectBatch([.quantitySample(new), .quantitySample(again), .quantitySample(otherSource)])

        let skipped = try store.saveSkippingStoredSyncIdentifiers(batch)

        #expect(skipped == [1])
        #expect(try await store.quantitySample(id: new.id) == new)
        #expect(try await store.quantitySample(id: again.id) == nil)
        #expect(try await store.quantitySample(id: otherSource.id) == otherSource)
        #expect(try await store.quantitySample(id: stored.id) == stored)
        #expect(try await store.currentAnchor() == Anchor(rawValue: 3))
    }

    @Test func aBatchRefusesAnInvalidObjectWhenItIsMade() throws {
        var invalid = TestObjects.heartRate()
        invalid.quantity = Quantity(value: 3, unit: .meter)

        let error = #expect(throws: StoreError.self) { try HealthObjectBatch([.quantitySample(TestObjects.heartRate()), .quantitySample(invalid)]) }

        #expect(error?.code == .invalidObject)
    }

    /// Runs longer than one multi-row chunk (`SampleChunk.maximumRows`), with every kind of sample.
    private static func longRun(count: Int, syncPrefix: String) -> [HealthObject] {
        (0..<count).map { index in
            let date = TestObjects.morning.addingTimeInterval(Double(index) * 30)
            if index % 9 == 4 { return .categorySample(TestObjects.sleep(at: date)) }
            var sample = TestObjects.heartRate(Double(50 + index % 90), at: date)
            sample.metadata.syncIdentifier = "\(syncPrefix)-\(index)"
            sample.metadata.syncVersion = 1
            if index % 11 == 0 { sample.device = nil }
            return .quantitySample(sample)
        }
    }

    @Test func chunksLongerThanOneStatementStoreTheSameRowsAsTheGeneralPath() async throws {
        let objects = Self.longRun(count: SampleChunk.maximumRows * 3 + 7, syncPrefix: "run")
        let bulk = try HealthStore.inMemory()
        let general = try HealthStore.inMemory()

        try await bulk.save(objects)
        try Self.saveInGeneralPath(objects, to: general)

        #expect(try Self.rows(bulk) == Self.rows(general))
        let rollup = "SELECT * FROM quantityRollup ORDER BY typeIdentifier, bucket, sourceBundleIdentifier"
        let bulkRollup = try bulk.writer.read { try Row.fetchAll($0, sql: rollup) }
        #expect(!bulkRollup.isEmpty)
        #expect(try general.writer.read { try Row.fetchAll($0, sql: rollup) } == bulkRollup,
                "the deferred rollup counted every sample of every chunk, as the triggers did")
    }

    @Test func aChunkRefusedByOneStoredSampleSavesTheOthersOneByOne() async throws {
        let objects = Self.longRun(count: SampleChunk.maximumRows * 2, syncPrefix: "again")
        let store = try HealthStore.inMemory()
        let general = try HealthStore.inMemory()
        // One sample in the middle of the first chunk, and the last one, are stored already.
        let middle = SampleChunk.maximumRows / 2 + 1
        let stored = [objects[middle], objects[objects.count - 1]]
        try await store.save(stored)
        try Self.saveInGeneralPath(stored, to: general)
        // A deletion leaves a tombstone: the rest of the batch still goes in chunks only where none can match.
        let deleted = TestObjects.heartRate(40)
        try await store.save(deleted)
        try await store.delete(id: deleted.id)
        try Self.saveInGeneralPath([.quantitySample(deleted)], to: general)
        try await general.delete(id: deleted.id)

        let skipped = try store.saveSkippingStoredSyncIdentifiers(HealthObjectBatch(objects))
        let generalSkipped = try await general.writer.write { db in
            let writer = ObjectWriter(db: db, now: Date())
            return try objects.indices.filter { try !writer.insert(objects[$0], encoded: nil, skippingStoredSyncIdentifier: true) }
        }

        #expect(skipped == [middle, objects.count - 1])
        #expect(generalSkipped == skipped)
        #expect(try Self.rows(store) == Self.rows(general))
    }

    @Test func aReimportLeavesOutStoredSamplesOfRefusedChunksAndWritesTheRestLikeTheGeneralPath() async throws {
        let objects = Self.longRun(count: SampleChunk.maximumRows * 3 + 7, syncPrefix: "export")
        let store = try HealthStore.inMemory()
        let general = try HealthStore.inMemory()
        // Stored before, with no tombstone in the store (so chunks are tried): every quantity sample
        // of the first chunk (its category samples, which carry no sync identifier, are new), two
        // samples of the second, none of the third or of the tail.
        let storedIndices = (Array(0..<SampleChunk.maximumRows) + [SampleChunk.maximumRows + 3, SampleChunk.maximumRows + 30])
            .filter { objects[$0].metadata.syncIdentifier != nil }
        let stored = storedIndices.map { objects[$0] }
        try await store.save(stored)
        try Self.saveInGeneralPath(stored, to: general)

        let skipped = try store.saveSkippingStoredSyncIdentifiers(HealthObjectBatch(objects))
        let generalSkipped = try await general.writer.write { db in
            let writer = ObjectWriter(db: db, now: Date())
            return try objects.indices.filter { try !writer.insert(objects[$0], encoded: nil, skippingStoredSyncIdentifier: true) }
        }

        #expect(skipped == storedIndices)
        #expect(generalSkipped == skipped)
        #expect(try Self.rows(store) == Self.rows(general), "same rows and anchors as one by one")
        let rollup = "SELECT * FROM quantityRollup ORDER BY typeIdentifier, bucket, sourceBundleIdentifier"
        let hourly = "SELECT * FROM quantityRollupHour ORDER BY typeIdentifier, bucket, sourceBundleIdentifier"
        for sql in [rollup, hourly] {
            let written = try store.writer.read { try Row.fetchAll($0, sql: sql) }
            #expect(!written.isEmpty)
            #expect(try general.writer.read { try Row.fetchAll($0, sql: sql) } == written, "each sample counted once in \(sql)")
        }
    }

    @Test func aChunkOnAStoreWithoutTombstonesRefusedByAStoredUUIDChangesNothing() async throws {
        let objects = Self.longRun(count: SampleChunk.maximumRows, syncPrefix: "uuid")
        let store = try HealthStore.inMemory()
        try await store.save([objects[10]])
        let before = try Self.rows(store)

        let error = await #expect(throws: StoreError.self) { try await store.save(objects) }

        #expect(error?.code == .duplicateObject)
        #expect(try Self.rows(store) == before)
    }
}
