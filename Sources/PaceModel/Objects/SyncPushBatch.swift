package import Foundation

/// The body of a device sync push (`POST /api/v1/sync/objects`): objects to save, each with its
/// kind, and the UUIDs of objects deleted on the device — the one form the server reads and the
/// client writes.
///
/// Dates are Foundation's own: a number of seconds since 2001-01-01T00:00:00Z, exactly as `Date`
/// holds it, so an object pushed is stored bit for bit.
package struct SyncPushBatch: Codable, Sendable {
    /// The objects to save.
    package var objects: [KindedHealthObject]
    /// Objects deleted on the device (absent: none).
    package var deleted: [UUID]?

    /// A batch of `objects` and `deleted` UUIDs.
    package init(objects: [KindedHealthObject], deleted: [UUID]) {
        self.objects = objects
        self.deleted = deleted
    }

    /// Reads a batch as the server does.
    ///
    /// A batch of quantity samples in plain form is read by `SyncPushFastReader` (about ten times
    /// faster); any other body, and every refusal, is `JSONDecoder`'s.
    ///
    /// - Throws: `DecodingError` for bytes that are not such a batch (not JSON, a wrong field, a
    ///   number JSON cannot hold as a finite `Double`, nesting deeper than the decoder allows).
    package static func decode(_ data: Data) throws -> SyncPushBatch {
        if let batch = SyncPushFastReader.read(data) { return batch }
        return try JSONDecoder().decode(SyncPushBatch.self, from: data)
    }

    /// The encoder of pushes: sorted keys, dates as numbers.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
