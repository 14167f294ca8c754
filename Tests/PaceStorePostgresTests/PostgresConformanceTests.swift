import Foundation
import PaceStore
import PaceStoreConformance
import PaceStorePostgres
import PaceTestSupport
import Testing

/// The PostgreSQL backend against every rule of the conformance suite, each rule on a new account of
/// a real PostgreSQL server on loopback (``PostgresTestDatabase``): the suite SQLite passes, unchanged.
@Suite struct PostgresConformanceTests {
    @Test("PostgreSQL", .timeLimit(.minutes(5 * TestTime.scale)), arguments: StoreConformance.rules)
    func rule(_ rule: StoreConformance.Rule) async throws {
        let database = try await PostgresTestDatabase.shared()
        try await rule.check(HealthStore(backend: try await database.backend()))
    }
}
