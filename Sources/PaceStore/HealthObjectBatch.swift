package import PaceModel
import Foundation

/// Objects checked and encoded for saving: ``HealthStore/save(_:)-(HealthObjectBatch)`` then only
/// writes them.
///
/// Making a batch validates every object and encodes the column texts of its samples (metadata
/// and device JSON, unit text, the value in the canonical unit). That is pure computation, so an
/// importer can prepare the next batch on its reading thread while the store writes the last one.
///
/// ```swift
/// let batch = try HealthObjectBatch(objects)   // on any thread
/// try await store.save(batch)                        // one transaction, all or nothing
/// ```
package struct HealthObjectBatch: Sendable {
    /// The objects, in the order given.
    package let objects: [HealthObject]
    /// Samples that belong to workouts, written in the same transaction after the objects.
    package let associations: [WorkoutAssociation]
    /// The encoded columns of each sample (`nil` for workouts and routes).
    let encoded: [EncodedSample?]

    /// Validates `objects` and encodes their samples.
    ///
    /// - Parameters:
    ///   - objects: The objects to save together.
    ///   - associations: Samples (in the batch or stored) that belong to workouts (in the batch or stored).
    /// - Throws: ``StoreError`` with code ``StoreError/Code/invalidObject`` for the first object that is
    ///   not valid.
    package init(_ objects: [HealthObject], associations: [WorkoutAssociation] = []) throws(StoreError) {
        for object in objects {
            do { try object.validate() } catch {
                throw StoreError(code: .invalidObject, message: error.description, cause: error)
            }
            if case .quantitySample(let sample) = object, sample.count > 1 {
                let error = InvalidObjectError(objectID: sample.id, field: "count",
                    reason: "a series sample of \(sample.count) values is saved with its values, as a series, not as one object")
                throw StoreError(code: .invalidObject, message: error.description, cause: error)
            }
        }
        let encoder = StoreCoding.JSONText()
        var units = UnitTexts()
        var encoded: [EncodedSample?] = []
        encoded.reserveCapacity(objects.count)
        for object in objects {
            encoded.append(EncodedSample(object, encoder: encoder, units: &units))
        }
        self.objects = objects
        self.associations = associations
        self.encoded = encoded
    }
}

/// The columns of a sample that take work to compute, computed before the write transaction.
struct EncodedSample: Sendable {
    var deviceJSON: String?
    /// Without the sync identifier and version, which have their own columns (`StoreCoding.objectMetadata`).
    var metadataJSON: String
    var syncIdentifier: String?
    var syncVersion: Int64?
    /// Quantity samples: the unit text and the value in the type's canonical unit (`nil` when it
    /// cannot be converted; the write then reports why).
    var unitText: String?
    var canonicalValue: Double?

    /// `nil` for workouts and routes, or when a column cannot be encoded here (the write then
    /// encodes it and reports the error).
    init?(_ object: HealthObject, encoder: StoreCoding.JSONText, units: inout UnitTexts) {
        let device: Device?
        switch object {
        case .quantitySample(let sample):
            device = sample.device
            unitText = units.text(of: sample.quantity.unit)
            canonicalValue = try? sample.quantity.doubleValue(for: sample.type.canonicalUnit)
        case .categorySample(let sample):
            device = sample.device
        case .workout, .workoutRoute:
            return nil
        }
        let metadata = object.metadata
        do {
            deviceJSON = try device.map(encoder.device)
            metadataJSON = try encoder.objectMetadata(metadata)
        } catch {
            return nil
        }
        syncIdentifier = metadata.syncIdentifier
        syncVersion = metadata.syncVersion
    }
}

/// ``HealthUnit/unitString`` of the few units a batch uses, each computed once.
struct UnitTexts {
    private var texts: [(unit: HealthUnit, text: String)] = []

    mutating func text(of unit: HealthUnit) -> String {
        if let found = texts.first(where: { $0.unit == unit }) { return found.text }
        let text = unit.unitString
        if texts.count >= 32 { texts.removeFirst() }
        texts.append((unit, text))
        return text
    }
}
