import Foundation
import PaceModel
import PaceStore
import Testing

@Suite("Recording journal")
struct JournalTests {
    let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    var everyKind: [SensorReading] {
        [
            SensorReading(time: t0, value: .location(RouteLocation(timestamp: t0, latitude: 47.1, longitude: 8.2, altitude: 401.5, speed: 3.1,
                                                                   course: 91, horizontalAccuracy: 4, verticalAccuracy: 6,
                                                                   speedAccuracy: 0.4, courseAccuracy: 5))),
            SensorReading(time: t0 + 0.1, value: .heartRate(HeartRateReading(beatsPerMinute: 151, rrIntervals: [0.39, 0.4], sensorContact: true))),
            SensorReading(time: t0 + 0.2, value: .heartRate(HeartRateReading(beatsPerMinute: 150))),
            SensorReading(time: t0 + 0.3, value: .motion(MotionReading(acceleration: SIMD3(0.1, -0.2, 9.9), rotationRate: SIMD3(1, 2, 3)))),
            SensorReading(time: t0 + 0.4, value: .pressure(pascals: 96_512.25)),
            SensorReading(time: t0 + 0.5, value: .cadence(perMinute: 172)),
            SensorReading(time: t0 + 0.6, value: .power(watts: 251)),
            SensorReading(time: t0 + 0.7, value: .battery(BatteryReading(level: 0.42, isCharging: false))),
        ]
    }

    @Test("every kind of reading survives the binary chunk encoding exactly")
    func codecRoundTrip() throws {
        var bytes: [UInt8] = []
        for reading in everyKind { ReadingCodec.encode(reading, into: &bytes) }
        #expect(try ReadingCodec.decode(bytes, expectedCount: everyKind.count) == everyKind)
    }

    @Test("a damaged chunk is refused with its byte offset")
    func damagedChunk() throws {
        var bytes: [UInt8] = []
        for reading in everyKind { ReadingCodec.encode(reading, into: &bytes) }
        let error = #expect(throws: StoreError.self) { try ReadingCodec.decode(Array(bytes.dropLast(3)), expectedCount: 8) }
        #expect(error?.code == .corrupt && error?.message.contains("byte") == true)
        bytes[0] = 99
        let tag = #expect(throws: StoreError.self) { try ReadingCodec.decode(bytes, expectedCount: 8) }
        #expect(tag?.message.contains("unknown reading tag 99") == true)
        #expect(throws: StoreError.self) { try ReadingCodec.decode([], expectedCount: 1) }
    }

    @Test("batches come back merged in sequence order; ended sessions refuse more")
    func appendAndRead() async throws {
        let store = try HealthStore.inMemory()
        let journal = RecordingJournal(store: store)
        let id = UUID()
        try await journal.create(JournalSession(id: id, activityType: .running, createdAt: t0, configuration: Data("{}".utf8)))
        await #expect(throws: StoreError.self) {
            try await journal.create(JournalSession(id: id, activityType: .running, createdAt: t0, configuration: Data()))
        }
        let kinds = everyKind
        try await journal.append(JournalBatch(firstReadingSequence: 2, readings: Array(kinds[0..<3]),
                                        events: [JournalEvent(sequence: 1, time: t0, kind: "start")],
                                        points: [WorkoutPoint(time: t0, latitude: 47.1, longitude: 8.2, distance: 0)]), to: id)
        try await journal.append(JournalBatch(firstReadingSequence: 5, readings: Array(kinds[3...])), to: id)
        let contents = try await journal.contents(of: id)
        #expect(contents.entries.map(\.sequence) == Array(1...9))
        #expect(contents.session.lastSequence == 9)
        let readings = contents.entries.compactMap { entry -> SensorReading? in
            if case .reading(let reading) = entry.entry { reading } else { nil }
        }
        #expect(readings == kinds)
        #expect(contents.points.count == 1)
        #expect(try await journal.sessions(openOnly: true).map(\.id) == [id])
        try await journal.close(id, status: .discarded, finalBatch: JournalBatch(firstReadingSequence: 10), endedAt: t0 + 5)
        #expect(try await journal.sessions(openOnly: true).isEmpty)
        let ended = await #expect(throws: StoreError.self) { try await journal.append(JournalBatch(firstReadingSequence: 10, readings: kinds), to: id) }
        #expect(ended?.code == .sessionEnded)
        let missing = await #expect(throws: StoreError.self) { try await journal.contents(of: UUID()) }
        #expect(missing?.code == .sessionNotFound)
    }
}

