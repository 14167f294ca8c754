import Foundation
import PaceStore
import PaceStoreConformance
import PaceTestSupport
import Testing

/// The SQLite backend against every rule of the conformance suite, as an in-memory store and as a
/// file store (WAL, a pool of reader connections): the suite a second backend runs the same way.
@Suite struct SQLiteConformanceTests {
    @Test("SQLite in memory", .timeLimit(.minutes(3 * TestTime.scale)), arguments: StoreConformance.rules)
    func inMemory(_ rule: StoreConformance.Rule) async throws {
        try await rule.check(HealthStore(backend: try SQLiteBackend.inMemory()))
    }

    @Test("SQLite file", .timeLimit(.minutes(3 * TestTime.scale)), arguments: StoreConformance.rules)
    func file(_ rule: StoreConformance.Rule) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await rule.check(HealthStore(backend: try SQLiteBackend(path: directory.path("health.sqlite"))))
    }

    @Test func theSuiteHasARuleForEveryHealthKitStorageRule() {
        let names = StoreConformance.rules.map(\.name)
        #expect(names.count == Set(names).count, "rule names are unique")
        for topic in ["immutable", "deleted UUID", "batch", "sync version", "another source", "anchors", "tombstone",
                      "route", "deleting a workout", "associated", "half-open", "read permission", "share permission",
                      "as itself", "observer", "long-running", "activity summary updates"] {
            #expect(names.contains { $0.contains(topic) }, "a rule covers \(topic)")
        }
    }
}
