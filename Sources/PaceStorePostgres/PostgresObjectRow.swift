import Foundation
import PaceModel
import PaceStore

/// The columns of an object's `healthObject` row, computed before it is written.
struct PostgresObjectRow {
    /// The column list of ``values(account:anchor:savedAt:into:)``, in order.
    static let columns = """
        account, uuid, kind, typeIdentifier, startDate, endDate, anchor, sourceName, sourceBundleIdentifier, sourceVersion,
        sourceProductType, sourceOperatingSystemVersion, device, metadata, syncIdentifier, syncVersion, savedAt, canonicalValue,
        categoryValue, activityType, duration, totalDistanceMeters, totalEnergyBurnedKilocalories, routeWorkout, body, valueCount
        """

    let object: HealthObject
    /// Start and end, seconds since 2001-01-01 UTC.
    var start: Double
    var end: Double
    let deviceJSON: String?
    let metadataJSON: String
    let body: String
    /// A quantity sample's value in its type's canonical unit.
    var canonicalValue: Double?
    var categoryValue: Int64?
    var activityType: Int64?
    /// A workout's active duration, seconds.
    var duration: Double?
    var totalDistanceMeters: Double?
    var totalEnergyBurnedKilocalories: Double?
    var routeWorkout: UUID?
    /// How many values a quantity sample holds: above 1 for a series sample, 1 for every other object.
    var valueCount: Int32 = 1

    /// The row of `object`.
    ///
    /// - Throws: ``StoreError/Code/invalidObject`` when a value cannot be converted or encoded.
    init(_ object: HealthObject) throws(StoreError) {
        self.object = object
        let id = object.id
        let device: Device?
        switch object {
        case .quantitySample(let sample):
            (start, end, device) = (sample.startDate.timeIntervalSinceReferenceDate, sample.endDate.timeIntervalSinceReferenceDate, sample.device)
            do { canonicalValue = try sample.quantity.doubleValue(for: sample.type.canonicalUnit) } catch {
                throw StoreError(code: .invalidObject, message: "Sample \(id.uuidString): \(error)", cause: error)
            }
            valueCount = Int32(clamping: sample.count)
        case .categorySample(let sample):
            (start, end, device) = (sample.startDate.timeIntervalSinceReferenceDate, sample.endDate.timeIntervalSinceReferenceDate, sample.device)
            categoryValue = Int64(sample.value)
        case .workout(let workout):
            (start, end, device) = (workout.startDate.timeIntervalSinceReferenceDate, workout.endDate.timeIntervalSinceReferenceDate, workout.device)
            activityType = Int64(workout.activityType.rawValue)
            duration = workout.duration
            do {
                totalDistanceMeters = try workout.totalDistance.map { try $0.doubleValue(for: .meter) }
                totalEnergyBurnedKilocalories = try workout.totalEnergyBurned.map { try $0.doubleValue(for: .kilocalorie) }
            } catch {
                throw StoreError(code: .invalidObject, message: "Workout \(id.uuidString): \(error)", cause: error)
            }
        case .workoutRoute(let route):
            // validate() guarantees at least one location.
            let first = route.startDate ?? Date(timeIntervalSinceReferenceDate: 0)
            (start, end, device) = (first.timeIntervalSinceReferenceDate, (route.endDate ?? first).timeIntervalSinceReferenceDate, route.device)
            routeWorkout = route.workoutID
        }
        deviceJSON = try device.map { device throws(StoreError) in try PostgresObjectCoding.json(device, id: id) }
        metadataJSON = try PostgresObjectCoding.json(object.metadata, id: id)
        body = try PostgresObjectCoding.body(of: object)
    }

    /// Binds the row's values into `statement` and returns their placeholders, in ``columns`` order.
    func values(account: String, anchor: Int64, savedAt: Double, into statement: inout PostgresStatement) -> String {
        let source = object.source
        let metadata = object.metadata
        return [
            statement.bind(account), statement.bind(object.id), statement.bind(PostgresObjectCoding.kind(of: object)),
            statement.bind(object.objectType.identifier), statement.bind(start), statement.bind(end), statement.bind(anchor),
            statement.bind(source.name), statement.bind(source.bundleIdentifier), statement.bind(source.version),
            statement.bind(source.productType), statement.bind(source.operatingSystemVersion),
            statement.bind(deviceJSON) + "::jsonb", statement.bind(metadataJSON) + "::jsonb",
            statement.bind(metadata.syncIdentifier), statement.bind(metadata.syncVersion), statement.bind(savedAt),
            statement.bind(canonicalValue), statement.bind(categoryValue), statement.bind(activityType), statement.bind(duration),
            statement.bind(totalDistanceMeters), statement.bind(totalEnergyBurnedKilocalories), statement.bind(routeWorkout),
            statement.bind(body), statement.bind(valueCount),
        ].joined(separator: ", ")
    }
}
