package import PaceStore
import Testing

/// HealthKit's storage rules, written once as checks that every backend of ``PaceStore/HealthStore``
/// must pass (DECISIONS 114): the rules that live in a backend's own code for speed (identity, sync
/// replacement, anchors, tombstones, routes, associations, scoping) are defined here, not by any one
/// backend's tests.
///
/// Each rule gets a new, empty store from the backend under test and records its failures with
/// Swift Testing's `#expect`, so a backend's test target runs them as parameterised tests:
///
/// ```swift
/// @Test(.timeLimit(.minutes(1)), arguments: StoreConformance.rules)
/// func rule(_ rule: StoreConformance.Rule) async throws {
///     try await rule.check(HealthStore(backend: try SQLiteBackend.inMemory()))
/// }
/// ```
package enum StoreConformance {
    /// One rule: a name that says what must hold, and the check that shows it on an empty store.
    package struct Rule: Sendable, CustomStringConvertible {
        /// What must hold, as a sentence.
        package let name: String
        /// Runs the rule's check on `store`, which must be empty; failures are recorded as issues.
        package let check: @Sendable (_ store: HealthStore) async throws -> Void

        /// The rule's name.
        package var description: String { name }
    }

    /// Every rule, in the order they are best read.
    package static let rules: [Rule] = identityRules + syncRules + changeFeedRules + routeRules
        + associationRules + queryRules + scopeRules + observationRules + seriesRules + streamedSaveRules
}
