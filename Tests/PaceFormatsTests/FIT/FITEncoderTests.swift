import Foundation
@testable import PaceFormats
import Testing

/// ``FITActivityWriter``: round trips through Pace's own ``FITDecoder`` and ``FITActivityReader``,
/// the file layout, CRCs and edge cases.
@Suite struct FITEncoderTests {
    private static func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
        FITTestSupport.close(a, b, tolerance)
    }

    @Test func recordsRoundTrip() throws {
        // Given
        let data = FITActivityWriter().write(FITEncoderSample.activity)
        // When
        let read = try FITActivityReader().read(data)
        // Then
        let expected = FITEncoderSample.activity.records
        #expect(read.records.count == expected.count)
        for (got, want) in zip(read.records, expected) {
            #expect(got.time == want.time)
            #expect(Self.close(got.latitude, want.latitude, 1e-7))
            #expect(Self.close(got.longitude, want.longitude, 1e-7))
            #expect(Self.close(got.altitude, want.altitude, 0.2))
            #expect(Self.close(got.distance, want.distance, 0.01))
            #expect(Self.close(got.speed, want.speed, 0.001))
            #expect(got.heartRate == want.heartRate)
            #expect(got.cadence == want.cadence)
            #expect(got.power == want.power)
            #expect(got.temperature == want.temperature)
        }
    }

    @Test func lapsRoundTripWithStatedAndComputedTotals() throws {
        // Given / When
        let read = try FITActivityReader().read(FITActivityWriter().write(FITEncoderSample.activity))
        // Then
        #expect(read.laps.map(\.records.count) == [60, 51])
        let first = try #require(read.laps.first)
        #expect(first.startTime == FITEncoderSample.time(0))
        #expect(first.totalElapsedTime == 60)
        #expect(first.totalTimerTime == 60)
        #expect(Self.close(first.distance, 187.4, 0.01))
        #expect(first.calories == 50)
        #expect(first.averageHeartRate == 148)
        #expect(first.maximumHeartRate == 159)
        #expect(first.trigger == "manual")
        #expect(first.intensity == "active")
        let second = try #require(read.laps.last)
        #expect(second.startTime == FITEncoderSample.time(60))
        #expect(second.totalElapsedTime == 59)
        #expect(second.totalTimerTime == 54)  // paused 85–90
        #expect(Self.close(second.distance, (119 - 59) * 3.1234, 0.01))
        #expect(second.maximumHeartRate == 159)
        #expect(second.trigger == "session_end")
        #expect(second.calories == nil)
    }

    @Test func pausesSportNameAndIdentifierRoundTrip() throws {
        // Given / When
        let read = try FITActivityReader().read(FITActivityWriter().write(FITEncoderSample.activity))
        // Then
        #expect(read.timerEvents == FITEncoderSample.activity.timerEvents)
        #expect(read.sport == "running")
        #expect(read.identifier == "12345-1083412800")
        #expect(read.deviceName == "development Pace")
    }

    @Test(arguments: [
        ("running", "running"), ("Biking", "cycling"), ("cycling", "cycling"), ("walk", "walking"),
        ("Hiking", "hiking"), ("swimming", "swimming"), ("rowing", "rowing"), ("yoga", "generic"),
    ])
    func sportIsMapped(sport: String, fitName: String) throws {
        // Given
        let activity = RecordedActivity(sport: sport, laps: [ActivityLap(records: [FITEncoderSample.record(1)])])
        // When
        let read = try FITActivityReader().read(FITActivityWriter().write(activity))
        // Then
        #expect(read.sport == fitName)
    }

    @Test func headerAndFileCRCsAreValid() throws {
        // Given
        let bytes = [UInt8](FITActivityWriter().write(FITEncoderSample.activity))
        // Then: 14-byte header, data size, ".FIT", header CRC, file CRC (checked bit by bit)
        #expect(bytes[0] == 14)
        let dataSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        #expect(dataSize == bytes.count - 16)
        #expect(Array(bytes[8..<12]) == Array(".FIT".utf8))
        let headerCRC = UInt16(bytes[12]) | UInt16(bytes[13]) << 8
        #expect(headerCRC == FITTestSupport.crc(Array(bytes[0..<12])))
        let fileCRC = UInt16(bytes[bytes.count - 2]) | UInt16(bytes[bytes.count - 1]) << 8
        #expect(fileCRC == FITTestSupport.crc(Array(bytes.dropLast(2))))
        #expect(FITTestSupport.crc(bytes) == 0)
        let file = try FITDecoder().decode(Data(bytes))
        #expect(file.warnings.isEmpty)
        #expect(file.fileCount == 1)
    }

    @Test func fileHasTheMessagesOfAnActivityFile() throws {
        // Given
        let writer = FITActivityWriter(product: 7, serialNumber: 424_242, timeZone: try #require(TimeZone(secondsFromGMT: 7200)))
        // When
        let file = try FITDecoder().decode(writer.write(FITEncoderSample.activity))
        // Then
        #expect(file.messages.first?.name == "file_id")
        let fileID = try #require(file.messages(0).first)
        #expect(fileID.field(named: "type")?.enumName == "activity")
        #expect(fileID.field(named: "manufacturer")?.enumName == "development")
        #expect(fileID.field(named: "product")?.value.integerValue == 7)
        #expect(fileID.field(named: "serial_number")?.value.integerValue == 424_242)
        #expect(file.messages(23).count == 1)
        let events = file.messages(21)
        #expect(events.map { $0.field(named: "event_type")?.enumName } == ["start", "stop_all", "start", "stop_all"])
        #expect(events.first?.timestamp == FITEncoderSample.time(0))
        #expect(events.last?.timestamp == FITEncoderSample.time(119))
        let session = try #require(file.messages(18).first)
        #expect(session.field(named: "sport")?.enumName == "running")
        #expect(session.field(named: "num_laps")?.value.integerValue == 2)
        #expect(session.field(named: "total_elapsed_time")?.doubleValue == 119)
        #expect(session.field(named: "total_timer_time")?.doubleValue == 114)
        #expect(session.field(named: "total_calories")?.doubleValue == 50)
        let activity = try #require(file.messages(34).first)
        #expect(activity.field(named: "num_sessions")?.value.integerValue == 1)
        #expect(activity.timestamp == FITEncoderSample.time(119))
        let local = try #require(activity.field(named: "local_timestamp")?.value.integerValue)
        #expect(FITDecoder.date(fromFITSeconds: local) == FITEncoderSample.time(119 + 7200))
        #expect(file.messages.last?.name == "activity")
        #expect(file.messages(12).first?.field(named: "name")?.value.stringValue == "Morning run")
    }

    @Test func outputIsDeterministic() {
        // Given / When
        let first = FITActivityWriter().write(FITEncoderSample.activity)
        let second = FITActivityWriter().write(FITEncoderSample.activity)
        // Then
        #expect(first == second)
    }

    @Test func emptyActivityIsAValidFile() throws {
        // Given
        let data = FITActivityWriter().write(RecordedActivity())
        // When
        let file = try FITDecoder().decode(data)
        let read = try FITActivityReader().read(data)
        // Then
        #expect(file.messages.map(\.globalNumber) == [0, 23, 12, 18, 34])
        #expect(read.laps.isEmpty)
        #expect(read.timerEvents.isEmpty)
        #expect(read.sport == "generic")
    }

    @Test func absentAndOutOfRangeValuesBecomeSentinels() throws {
        // Given: a record with only a time, one with values a FIT field cannot hold, one without time
        let records = [
            ActivityRecord(time: FITEncoderSample.time(0)),
            ActivityRecord(time: FITEncoderSample.time(1), latitude: 91, altitude: -600, distance: -1,
                           speed: .infinity, heartRate: 300, cadence: -3, power: 70_000, temperature: 200),
            ActivityRecord(time: nil, heartRate: 120),
        ]
        let activity = RecordedActivity(laps: [ActivityLap(records: records)])
        // When
        let read = try FITActivityReader().read(FITActivityWriter().write(activity))
        // Then: records keep their time only; the record without time is left out
        #expect(read.records == [ActivityRecord(time: FITEncoderSample.time(0)), ActivityRecord(time: FITEncoderSample.time(1))])
    }

    @Test func encoderAppliesScaleOffsetAndReusesDefinitions() throws {
        // Given
        var encoder = FITEncoder()
        // When: two records with the same layout, one with another
        encoder.write(20, [.number("altitude", 100), .number("heart_rate", 150)])
        encoder.write(20, [.number("altitude", 0), .number("heart_rate", nil)])
        encoder.write(20, [.number("heart_rate", 99)])
        let bytes = encoder.body
        // Then: definition (local 0), data, data, definition (local 1), data
        #expect(bytes[0] == 0x40)
        #expect(Array(bytes[3..<6]) == [20, 0, 2])  // global 20 little endian, two fields
        #expect(Array(bytes[6..<12]) == [2, 2, 0x84, 3, 1, 0x02])  // altitude uint16, heart_rate uint8
        #expect(Array(bytes[12..<16]) == [0x00, 0xB8, 0x0B, 150])  // (100 + 500) × 5 = 3000
        #expect(Array(bytes[16..<20]) == [0x00, 0xC4, 0x09, 0xFF])  // 2500; heart rate invalid
        #expect(bytes[20] == 0x41)
        let file = try FITDecoder().decode(encoder.fileData())
        #expect(file.messages.map { $0.field(named: "heart_rate")?.doubleValue } == [150, nil, 99])
        #expect(file.messages.map { $0.field(named: "altitude")?.doubleValue } == [100, 0, nil])
    }

    @Test func stringsAreNulPaddedAndCutOnCharacterBoundaries() throws {
        // Given
        var encoder = FITEncoder()
        // When: "Zürich" is 7 UTF-8 bytes; a 3-byte field holds "Z" and NUL ("ü" would be cut)
        encoder.write(12, [.string("name", "Zürich", size: 3)])
        encoder.write(12, [.string("name", "Zürich", size: 8)])
        let file = try FITDecoder().decode(encoder.fileData())
        // Then
        #expect(file.messages.map { $0.field(named: "name")?.value.stringValue } == ["Z", "Zürich"])
    }

    @Test func writerUsesManyLocalDefinitionsWithoutLosingMessages() throws {
        // Given: more than 16 distinct layouts (string sizes) interleaved with records
        var encoder = FITEncoder()
        for index in 0..<20 {
            encoder.write(12, [.string("name", String(repeating: "a", count: index + 1), size: index + 2)])
            encoder.write(20, [.time("timestamp", FITEncoderSample.time(index))])
        }
        // When
        let file = try FITDecoder().decode(encoder.fileData())
        // Then
        #expect(file.messages(12).map { $0.field(named: "name")?.value.stringValue?.count } == (1...20).map { $0 })
        #expect(file.messages(20).map(\.timestamp) == (0..<20).map(FITEncoderSample.time))
    }
}


/// A synthetic activity for the FIT writer tests: two laps of one-second records, a pause.
enum FITEncoderSample {
    /// 2024-05-01T08:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_714_550_400)

    static func time(_ second: Int) -> Date { start.addingTimeInterval(Double(second)) }

    /// A record at `second`: every tenth has no position or heart rate, every seventh no power.
    static func record(_ second: Int) -> ActivityRecord {
        let sparse = second % 10 == 0
        return ActivityRecord(
            time: time(second),
            latitude: sparse ? nil : 47.376_912_3 + Double(second) * 1.234_567e-5,
            longitude: sparse ? nil : 8.541_694_1 - Double(second) * 2.345_678e-5,
            altitude: 408.2 + Double(second) * 0.37,
            distance: Double(second) * 3.123_4,
            speed: 3.123_4 + Double(second % 5) * 0.011_1,
            heartRate: sparse ? nil : Double(140 + second % 20),
            cadence: Double(80 + second % 7),
            power: second % 7 == 0 ? nil : Double(250 + second),
            temperature: 21)
    }

    /// Lap 1: seconds 0…59 with stated totals. Lap 2: seconds 60…80 and 90…119 (paused 85–90), no totals.
    static let laps = [
        ActivityLap(startTime: time(0), totalElapsedTime: 60, totalTimerTime: 60, distance: 187.4,
                    calories: 50, averageHeartRate: 148, maximumHeartRate: 159, trigger: "manual",
                    intensity: "active", records: (0..<60).map(record)),
        ActivityLap(trigger: "session_end", records: (Array(60...80) + Array(90..<120)).map(record)),
    ]

    static let activity = RecordedActivity(
        sport: "running", name: "Morning run", identifier: "12345-1083412800", laps: laps,
        timerEvents: [ActivityTimerEvent(kind: .pause, time: time(85)), ActivityTimerEvent(kind: .resume, time: time(90))],
        deviceName: "Pace")

    /// Degrees → FIT semicircles, as the writer rounds them.
    static func semicircles(_ degrees: Double) -> Int {
        Int((degrees * 2_147_483_648 / 180).rounded())
    }
}
