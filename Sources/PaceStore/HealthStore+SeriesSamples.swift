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
    /// - Throws: ``StoreError`` with the rule that refused it; the SQLite backend alone stores series
    ///   so far (the PostgreSQL one refuses them with ``StoreError/Code/database``).
    package func save(_ series: QuantitySeriesSample) async throws(StoreError) {
        guard let sqlite = backend as? SQLiteBackend else { throw Self.seriesNotStored(series.sample.id) }
        do { try await sqlite.save(series) } catch { throw located(error) }
    }

    /// The values of the stored quantity sample `id`, in start order and in its type's canonical
    /// unit (HealthKit's `HKQuantitySeriesSampleQuery`): a series sample's values, an ordinary
    /// sample's one value; `nil` when no quantity sample has this UUID.
    ///
    /// - Throws: ``StoreError`` if the store cannot be read.
    package func seriesValues(of id: UUID) async throws(StoreError) -> [TimedQuantity]? {
        guard let sqlite = backend as? SQLiteBackend else {
            guard case .quantitySample(let sample)? = try await backend.object(id: id) else { return nil }
            let value = try? sample.quantity.doubleValue(for: sample.type.canonicalUnit)
            return value.map { [TimedQuantity(start: sample.startDate, end: sample.endDate, value: $0)] }
        }
        do { return try await sqlite.seriesValues(of: id) } catch { throw located(error) }
    }

    private static func seriesNotStored(_ id: UUID) -> StoreError {
        StoreError(code: .database, message: "Series sample \(id.uuidString) was not saved: this store's backend does not store series samples yet. Save its values as ordinary samples.")
    }
}
