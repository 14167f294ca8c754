package import Foundation
package import PaceModel

extension HealthStore {
    /// Saves a series sample and its values in one transaction (HealthKit's series sample; DECISIONS 172):
    /// all of it or nothing, by the rules of any save — a stored or deleted UUID is refused, a higher
    /// sync version of the same source replaces the stored sample.
    ///
    /// Statistics, statistics collections, the rollups and ``quantitySeries(of:from:to:)`` count
    /// the values, each by its own interval; sample queries return the series sample as one object
    /// whose `count` is the number of values.
    ///
    /// - Throws: ``StoreError`` with the rule that refused it.
    package func save(_ series: QuantitySeriesSample) async throws(StoreError) {
        do { try await backend.save(series) } catch { throw located(error) }
    }

    /// The values of the stored quantity sample `id`, in start order and in its type's canonical
    /// unit (HealthKit's `HKQuantitySeriesSampleQuery`): a series sample's values, an ordinary
    /// sample's one value; `nil` when no quantity sample has this UUID.
    ///
    /// - Throws: ``StoreError`` if the store cannot be read.
    package func seriesValues(of id: UUID) async throws(StoreError) -> [TimedQuantity]? {
        do { return try await backend.seriesValues(of: id) } catch { throw located(error) }
    }
}
