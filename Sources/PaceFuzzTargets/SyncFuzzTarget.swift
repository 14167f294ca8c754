import Foundation
import PaceModel

extension FuzzTarget {
    /// The server's request decoding for device sync: ``SyncPushBatch/decode(_:)`` (the body of
    /// `POST /api/v1/sync/objects`, Pace's own encoding of every object kind) on any bytes. A refusal
    /// is a `DecodingError`; every decoded object either passes its own `validate()` or is refused
    /// by it with an ``InvalidObjectError`` naming that object; a valid object encodes (as the
    /// client pushes it) and decodes again to the very same object, batch and deletions included.
    /// Whatever `SyncPushFastReader` reads, `JSONDecoder` reads too, to the very same batch.
    static let sync = FuzzTarget(
        name: "sync",
        summary: "SyncPushBatch.decode: DecodingError refusals, validate() or InvalidObjectError, exact encode/decode round trip",
        generatedSeeds: { SyncFuzzChecks.seeds() }
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "sync")
        try SyncFuzzChecks(check: check).fastReaderAgrees(data)
        let batch: SyncPushBatch
        do {
            batch = try SyncPushBatch.decode(data)
        } catch is DecodingError {
            return .refused(code: "decoding")
        } catch {
            throw FuzzInvariantViolation(target: "sync", message: "decoding refused with \(type(of: error)), not DecodingError: \(error)")
        }
        var valid: [KindedHealthObject] = []
        for (index, kinded) in batch.objects.enumerated() {
            do throws(InvalidObjectError) {
                try kinded.object.validate()
                valid.append(kinded)
            } catch {
                try check.require(error.objectID == kinded.object.id, "objects[\(index)]'s error names another object")
                try check.require(!error.field.isEmpty && !error.reason.isEmpty, "objects[\(index)]'s error names no field or reason")
            }
        }
        try SyncFuzzChecks(check: check).roundTrip(SyncPushBatch(objects: valid, deleted: batch.deleted ?? []))
        return valid.count == batch.objects.count ? .decoded : .refused(code: "invalidObject")
    }
}

/// The sync target's checks and seeds.
struct SyncFuzzChecks {
    let check: FuzzCheck

    /// `batch` written as the client writes it reads back as the same objects and deletions.
    func roundTrip(_ batch: SyncPushBatch) throws(FuzzInvariantViolation) {
        let again: SyncPushBatch
        do {
            again = try SyncPushBatch.decode(try SyncPushBatch.encoder.encode(batch))
        } catch {
            throw FuzzInvariantViolation(target: "sync", message: "a batch of valid objects does not encode and decode again: \(error)")
        }
        try check.require(again.objects.map(\.object) == batch.objects.map(\.object), "valid objects change in an encode/decode round trip")
        try check.require(again.deleted == batch.deleted, "deletions change in an encode/decode round trip")
    }

    /// The fast reader reads nothing the decoder refuses, and reads what it reads as the decoder does.
    func fastReaderAgrees(_ data: Data) throws(FuzzInvariantViolation) {
        guard let fast = SyncPushFastReader.read(data) else { return }
        let decoded: SyncPushBatch
        do {
            decoded = try JSONDecoder().decode(SyncPushBatch.self, from: data)
        } catch {
            throw FuzzInvariantViolation(target: "sync", message: "the fast reader read a body JSONDecoder refuses: \(error)")
        }
        try check.require(fast.objects.map(\.object) == decoded.objects.map(\.object), "the fast reader's objects differ from JSONDecoder's")
        try check.require(fast.deleted == decoded.deleted, "the fast reader's deletions differ from JSONDecoder's")
    }

    /// Batches the client would push: each kind of object with its fields, metadata and device set,
    /// one batch of all four and deletions, and an empty batch.
    static func seeds() -> [Data] {
        let start = Date(timeIntervalSinceReferenceDate: 801_234_567.125)
        let source = Source(name: "Watch", bundleIdentifier: "org.pace.fuzz", version: "2.1", productType: "Watch7,1",
                            operatingSystemVersion: "11.0")
        let device = Device(name: "Strap", manufacturer: "Acme", model: "HR-9", hardwareVersion: "B", firmwareVersion: "4.2",
                            softwareVersion: "1.0", localIdentifier: "C0:FF:EE:00:00:01", udiDeviceIdentifier: nil)
        let heartRate = QuantitySample(type: .heartRate, quantity: Quantity(value: 142.5, unit: .countPerMinute), start: start, end: start,
                                       source: source, device: device, metadata: [.heartRateMotionContext: .integer(2), .syncVersion: .integer(3)])
        let sleep = CategorySample(type: .sleepAnalysis, value: 3, start: start.addingTimeInterval(-3600), end: start, source: source)
        let end = start.addingTimeInterval(1860)
        let run = Workout(activityType: .running, start: start, end: end, duration: 1800,
                          events: [WorkoutEvent(type: .pause, start: start.addingTimeInterval(600)),
                                   WorkoutEvent(type: .resume, start: start.addingTimeInterval(660)),
                                   WorkoutEvent(type: .lap, start: start, duration: 600, metadata: ["org.pace.lap": .integer(1)])],
                          statistics: [.heartRate: WorkoutStatistics(type: .heartRate, start: start, end: end,
                                                                     average: Quantity(value: 151, unit: .countPerMinute))],
                          totalDistance: Quantity(value: 5.02, unit: .kilometer), totalEnergyBurned: Quantity(value: 412, unit: .kilocalorie),
                          source: source, device: device,
                          metadata: [.indoorWorkout: .bool(false), .timeZone: .string("Europe/Paris"), .averageMETs: .double(9.5),
                                     .weatherTemperature: .quantity(Quantity(value: 54, unit: .degreeFahrenheit)), "org.pace.date": .date(start)])
        let locations = (0..<4).map { index in
            RouteLocation(timestamp: start.addingTimeInterval(Double(index)), latitude: 48.8566 + Double(index) * 0.00003, longitude: 2.3522,
                          altitude: 35.5, speed: 3.3, course: 0.5, horizontalAccuracy: 4.5, verticalAccuracy: 6, speedAccuracy: 0.3, courseAccuracy: 12)
        }
        let route = WorkoutRoute(workoutID: run.id, locations: locations, source: source, device: device)
        let objects: [HealthObject] = [.quantitySample(heartRate), .categorySample(sleep), .workout(run), .workoutRoute(route)]
        let batches = objects.map { SyncPushBatch(objects: [KindedHealthObject($0)], deleted: []) }
            + [SyncPushBatch(objects: objects.map { KindedHealthObject($0) }, deleted: [UUID(), UUID()]), SyncPushBatch(objects: [], deleted: [])]
        // The fast reader's shape: quantity samples only, every plain metadata kind, deletions.
        let steps = QuantitySample(type: .stepCount, quantity: Quantity(value: 1204, unit: .count), start: start, end: end,
                                   source: Source(name: "Phone", bundleIdentifier: "org.pace.fuzz.phone"),
                                   metadata: [.syncIdentifier: .string("steps-1"), .syncVersion: .integer(1), "org.pace.ratio": .double(0.25),
                                              "org.pace.flag": .bool(true), "org.pace.when": .date(start)])
        let plain = SyncPushBatch(objects: [KindedHealthObject(.quantitySample(heartRate)), KindedHealthObject(.quantitySample(steps))],
                                  deleted: [UUID()])
        return (batches + [plain]).compactMap { try? SyncPushBatch.encoder.encode($0) }
    }
}
