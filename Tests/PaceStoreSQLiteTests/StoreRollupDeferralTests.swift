import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// The sample fast path adds its quantity samples to `quantityRollup` once per run of samples
/// instead of through the per-row trigger; the rollup must equal the samples after every kind of save.
@Suite struct StoreRollupDeferralTests {
    private static func heartRate(_ value: Double, second: Double, source: Source = TestObjects.watch,
                                  sync: (String, Int64)? = nil) -> HealthObject {
        var sample = TestObjects.heartRate(value, at: TestObjects.morning.addingTimeInterval(second), metadata: [:])
        sample.source = source
        if let (identifier, version) = sync {
            sample.metadata.syncIdentifier = identifier
            sample.metadata.syncVersion = version
        }
        return .quantitySample(sample)
    }

    /// The rollup rows, and the same aggregation computed from the samples; counts, minimums and
    /// maximums must be equal, totals equal up to rounding (they are summed in another order).
    private static func expectRollupMatchesSamples(_ store: HealthStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bucket = StoreSchema.rollupBucket("o.startDate")
        try store.writer.read { db in
            let stored = try Row.fetchAll(db, sql: """
                SELECT typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum FROM quantityRollup
                ORDER BY typeIdentifier, bucket, sourceBundleIdentifier
                """)
            let computed = try Row.fetchAll(db, sql: """
                SELECT o.typeIdentifier, \(bucket) AS b, o.sourceBundleIdentifier, count(*), sum(q.canonicalValue),
                       min(q.canonicalValue), max(q.canonicalValue)
                FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor
                GROUP BY o.typeIdentifier, b, o.sourceBundleIdentifier ORDER BY o.typeIdentifier, b, o.sourceBundleIdentifier
                """)
            #expect(stored.count == computed.count, sourceLocation: sourceLocation)
            for (row, expected) in zip(stored, computed) {
                for column in [0, 1, 2, 3, 5, 6] {
                    #expect(row[column] as DatabaseValue == expected[column] as DatabaseValue, sourceLocation: sourceLocation)
                }
                let total: Double = row[4]
                let expectedTotal: Double = expected[4]
                #expect(abs(total - expectedTotal) <= 1e-9 * max(1, abs(expectedTotal)), sourceLocation: sourceLocation)
            }
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM rollupDeferral") == 0, sourceLocation: sourceLocation)
            // The hourly rollup (v8) holds the same samples per hour.
            let hours = try Row.fetchAll(db, sql: """
                SELECT typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum FROM quantityRollupHour
                ORDER BY typeIdentifier, bucket, sourceBundleIdentifier
                """)
            let expectedHours = try Row.fetchAll(db, sql: """
                SELECT o.typeIdentifier, \(StoreSchema.hourOfQuarter(bucket)) AS h, o.sourceBundleIdentifier, count(*),
                       sum(q.canonicalValue), min(q.canonicalValue), max(q.canonicalValue)
                FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor
                GROUP BY o.typeIdentifier, h, o.sourceBundleIdentifier ORDER BY o.typeIdentifier, h, o.sourceBundleIdentifier
                """)
            #expect(hours.count == expectedHours.count, sourceLocation: sourceLocation)
            for (row, expected) in zip(hours, expectedHours) {
                for column in [0, 1, 2, 3, 5, 6] {
                    #expect(row[column] as DatabaseValue == expected[column] as DatabaseValue, sourceLocation: sourceLocation)
                }
                let total: Double = row[4]
                let expectedTotal: Double = expected[4]
                #expect(abs(total - expectedTotal) <= 1e-9 * max(1, abs(expectedTotal)), sourceLocation: sourceLocation)
            }
        }
    }

    @Test func fastPathBatchesFillTheRollupAsTheTriggerWould() async throws {
        let store = try HealthStore.inMemory()
        let other = Source(name: "Other", bundleIdentifier: "org.pace.tests.other")
        // Samples on, just before and after 15-minute boundaries, from two sources, over two batches.
        let seconds: [Double] = [0, 899.999, 900, 1799, 1800, 5000, -0.001, -900]
        try await store.save(seconds.enumerated().map { Self.heartRate(Double(100 + $0.offset), second: $0.element) })
        try await store.save(seconds.map { Self.heartRate(150, second: $0, source: other) }
                       + seconds.map { Self.heartRate(60, second: $0) })

        try Self.expectRollupMatchesSamples(store)
    }

    @Test func generalPathObjectsInTheMiddleOfABatchKeepTheRollupExact() async throws {
        let store = try HealthStore.inMemory()
        try await store.save([Self.heartRate(120, second: 10, sync: ("strap-1", 1)), Self.heartRate(130, second: 20)])

        // Fast-path samples, then a replacement by sync version (general path: delete, then insert
        // with the triggers), a workout, then fast-path samples again, in one batch.
        try await store.save([
            Self.heartRate(90, second: 30), Self.heartRate(91, second: 40),
            Self.heartRate(200, second: 15, sync: ("strap-1", 2)),
            .workout(TestObjects.run(start: TestObjects.morning.addingTimeInterval(3600))),
            Self.heartRate(92, second: 50), Self.heartRate(93, second: 950),
        ])

        try Self.expectRollupMatchesSamples(store)
        try await store.writer.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT sampleCount, minimum, maximum FROM quantityRollup WHERE bucket = ?
                """, arguments: [Int64((TestObjects.morning.timeIntervalSinceReferenceDate / 900).rounded(.down))])
            // 130, 90, 91, 200 (which replaced 120) and 92 share the first bucket.
            #expect(row?[0] as Int64? == 5)
            #expect(row?[1] as Double? == 90)
            #expect(row?[2] as Double? == 200)
        }
    }

    @Test func aRefusedBatchLeavesTheRollupAsItWas() async throws {
        let store = try HealthStore.inMemory()
        let stored = Self.heartRate(120, second: 10)
        try await store.save([stored])

        // The duplicate UUID comes after fast-path samples: the whole batch is refused.
        await #expect(throws: StoreError.self) {
            try await store.save([Self.heartRate(80, second: 20), Self.heartRate(81, second: 2000), stored])
        }

        try Self.expectRollupMatchesSamples(store)
        let count = try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT sum(sampleCount) FROM quantityRollup") }
        #expect(count == 1)
    }

    @Test func deletingAfterAFastPathBatchRecomputesItsBucket() async throws {
        let store = try HealthStore.inMemory()
        let objects = (0..<20).map { Self.heartRate(Double(60 + $0), second: Double($0 * 100)) }
        try await store.save(objects)

        #expect(try await store.delete(id: objects[3].id))
        #expect(try await store.delete(id: objects[11].id))

        try Self.expectRollupMatchesSamples(store)
    }

    @Test func bucketsComputedInSwiftEqualTheSQLOnes() throws {
        let queue = try DatabaseQueue()
        var values: [Double] = [0, -0.0, 899.999_999_999, 900, 900.000_000_1, -0.001, -900, -900.000_001, 1e-300,
                                816_850_800.123_456, 816_851_699.999_999_9, 1.7e9, -3.1e10, 4e18, -4e18, 1e300, -1e300]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bucket = Double(Int64.random(in: -2_000_000...2_000_000, using: &random))
            values.append(bucket * 900 + [0, 1e-7, -1e-7, 899.9999999, 450].randomElement(using: &random)!)
        }
        try queue.read { db in
            let statement = try db.makeStatement(sql: "SELECT \(StoreSchema.rollupBucket("?1"))")
            for value in values {
                let expected = try Int64.fetchOne(statement, arguments: [value])
                #expect(try DeferredRollup.bucket(of: value, db: db) == expected, "start \(value)")
            }
        }
    }
}
