public import Foundation

/// A health object that breaks a rule of the data model, e.g. a heart rate in kilograms
/// or a sample that ends before it starts.
///
/// The description names the object, the field and what to do, and never prints the
/// measured values themselves.
public struct InvalidObjectError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The object that is invalid.
    public var objectID: UUID
    /// The field that is wrong, e.g. `"quantity"` or `"endDate"`.
    public var field: String
    /// Why it is wrong and what to do.
    public var reason: String

    /// Creates the error.
    public init(objectID: UUID, field: String, reason: String) {
        self.objectID = objectID
        self.field = field
        self.reason = reason
    }

    /// One line: `Invalid object <uuid>: <field>: <reason>.`
    public var description: String {
        "Invalid object \(objectID.uuidString): \(field): \(reason)."
    }

    static func check(interval start: Date, _ end: Date, objectID: UUID) throws(InvalidObjectError) {
        guard start.timeIntervalSinceReferenceDate.isFinite, end.timeIntervalSinceReferenceDate.isFinite else {
            throw InvalidObjectError(objectID: objectID, field: "startDate",
                reason: "the dates must be finite")
        }
        guard end >= start else {
            throw InvalidObjectError(objectID: objectID, field: "endDate",
                reason: "the end date is before the start date; swap them or fix the clock")
        }
    }

    static func check(metadata: Metadata, objectID: UUID) throws(InvalidObjectError) {
        let hasIdentifier = metadata[.syncIdentifier] != nil
        let hasVersion = metadata[.syncVersion] != nil
        if hasIdentifier && metadata.syncIdentifier == nil {
            throw InvalidObjectError(objectID: objectID, field: "metadata",
                reason: "\(MetadataKey.syncIdentifier) must be a string")
        }
        if hasVersion && metadata.syncVersion == nil {
            throw InvalidObjectError(objectID: objectID, field: "metadata",
                reason: "\(MetadataKey.syncVersion) must be a whole number")
        }
        if hasIdentifier != hasVersion {
            throw InvalidObjectError(objectID: objectID, field: "metadata",
                reason: "\(MetadataKey.syncIdentifier) and \(MetadataKey.syncVersion) must be set together")
        }
    }
}
