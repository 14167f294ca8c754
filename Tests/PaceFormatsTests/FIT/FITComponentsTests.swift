import Foundation
import PaceFormats
import Testing

/// Component expansion, accumulation, subfields and invalid sentinels, on tiny synthetic files.
///
/// Expected values were obtained by decoding the same bytes with Garmin's FIT SDK for Python
/// (`garmin-fit-sdk` 21.218.0, `Decoder(Stream.from_byte_array(...)).read()`), once, by hand; they are
/// kept here as constants.
@Suite struct FITComponentsTests {
    static func decode(_ messages: [UInt8]) throws -> [FITMessage] {
        try FITDecoder().decode(Data(FITTestSupport.file(messages))).messages
    }

    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// The three bytes of `compressed_speed_distance`: 12 bits of speed (1/100 m/s), then 12 bits of distance (1/16 m).
    static func compressed(speed: Int, distance: Int) -> [UInt8] {
        [UInt8(speed & 0xFF), UInt8((speed >> 8) & 0x0F | (distance & 0x0F) << 4), UInt8((distance >> 4) & 0xFF)]
    }

    @Test func compressedSpeedDistanceExpandsAndAccumulatesWithRollover() throws {
        // Given records with timestamp and compressed_speed_distance (byte[3]); the 12-bit distance rolls over.
        var messages: [UInt8] = [0x40, 0x00, 0x00, 0x14, 0x00, 0x02, 0xFD, 0x04, 0x86, 0x08, 0x03, 0x0D]
        for (index, (speed, distance)) in [(250, 4000), (312, 4090), (275, 100), (4095, 300)].enumerated() {
            messages += [0x00] + Self.le32(1_000_000_000 + UInt32(index)) + Self.compressed(speed: speed, distance: distance)
        }
        // When
        let records = try Self.decode(messages)
        // Then (Garmin SDK: speed 2.5, 3.12, 2.75, 40.95 m/s; distance 250, 255.625, 262.25, 274.75 m)
        #expect(records.map { $0.field(named: "speed")?.doubleValue } == [2.5, 3.12, 2.75, 40.95])
        #expect(records.map { $0.field(named: "enhanced_speed")?.doubleValue } == [2.5, 3.12, 2.75, 40.95])
        #expect(records.map { $0.field(named: "distance")?.doubleValue } == [250, 255.625, 262.25, 274.75])
        #expect(records[0].field(named: "distance")?.units == "m")
        // And the activity reader gets the same values.
        let activity = try FITActivityReader().read(Data(FITTestSupport.file(messages)))
        #expect(activity.records.map(\.distance) == [250, 255.625, 262.25, 274.75])
        #expect(activity.records.map(\.speed) == [2.5, 3.12, 2.75, 40.95])
    }

    @Test func cyclesAccumulateIntoTotalCycles() throws {
        // Given records with cycles (uint8): 250, 5, 10, invalid, 3.
        var messages: [UInt8] = [0x40, 0x00, 0x00, 0x14, 0x00, 0x02, 0xFD, 0x04, 0x86, 0x12, 0x01, 0x02]
        for (index, cycles) in [250, 5, 10, 255, 3].enumerated() {
            messages += [0x00] + Self.le32(1_000_000_000 + UInt32(index)) + [UInt8(cycles)]
        }
        let records = try Self.decode(messages)
        // Garmin SDK: total_cycles 250, 261, 266, None, 515.
        #expect(records.map { $0.field(named: "total_cycles")?.doubleValue } == [250, 261, 266, nil, 515])
    }

    @Test func speedAndAltitudeExpandIntoEnhancedFieldsUnlessPresent() throws {
        // Given a record with altitude (uint16, 3734 → 246.8 m) and speed (uint16, 3456 → 3.456 m/s).
        let messages: [UInt8] = [0x40, 0x00, 0x00, 0x14, 0x00, 0x03, 0xFD, 0x04, 0x86, 0x02, 0x02, 0x84, 0x06, 0x02, 0x84,
                                 0x00] + Self.le32(1_000_000_000) + [0x96, 0x0E, 0x80, 0x0D]
        let record = try #require(try Self.decode(messages).first)
        // Garmin SDK: enhanced_speed 3.456, enhanced_altitude 246.8 (to rounding).
        #expect(FITTestSupport.close(record.field(named: "enhanced_altitude")?.doubleValue, 246.8, 1e-9))
        #expect(record.field(named: "enhanced_speed")?.doubleValue == 3.456)
        #expect(record.field(named: "enhanced_speed")?.units == "m/s")
        #expect(record.fields.map(\.number) == [253, 2, 6, 78, 73])
        // A record that carries enhanced_speed itself keeps its own value (no second enhanced_speed).
        let own: [UInt8] = [0x40, 0x00, 0x00, 0x14, 0x00, 0x02, 0x06, 0x02, 0x84, 0x49, 0x04, 0x86,
                            0x00, 0x80, 0x0D] + Self.le32(3457)
        let ownRecord = try #require(try Self.decode(own).first)
        #expect(ownRecord.fields.filter { $0.number == 73 }.map(\.doubleValue) == [3.457])
    }

    @Test func eventDataSubfieldsAndData16Components() throws {
        // Given: timer start with data16 = 2; timer stop_all with data = 0 (timer_trigger manual); rear gear change.
        let messages: [UInt8] = [
            0x40, 0x00, 0x00, 0x15, 0x00, 0x04, 0xFD, 0x04, 0x86, 0x00, 0x01, 0x00, 0x01, 0x01, 0x00, 0x02, 0x02, 0x84,
            0x00] + Self.le32(1_000_000_000) + [0x00, 0x00, 0x02, 0x00] + [
            0x41, 0x00, 0x00, 0x15, 0x00, 0x04, 0xFD, 0x04, 0x86, 0x00, 0x01, 0x00, 0x01, 0x01, 0x00, 0x03, 0x04, 0x86,
            0x01] + Self.le32(1_000_000_001) + [0x00, 0x04] + Self.le32(0) + [
            0x01] + Self.le32(1_000_000_002) + [43, 0x03] + Self.le32(0x0B0C_0D0E)
        let events = try Self.decode(messages)
        // data16 → data (Garmin SDK: data 2).
        #expect(events[0].field(named: "data")?.value == .unsigned(2))
        // data is timer_trigger when event is timer.
        #expect(events[1].field(named: "timer_trigger")?.enumName == "manual")
        #expect(events[1].field(named: "data")?.value == .unsigned(0))
        // Garmin SDK: gear_change_data 185339150 → rear_gear_num 14, rear_gear 13, front_gear_num 12, front_gear 11.
        let gear = events[2]
        #expect(gear.field(named: "gear_change_data")?.value == .unsigned(185_339_150))
        #expect(gear.field(named: "rear_gear_num")?.doubleValue == 14)
        #expect(gear.field(named: "rear_gear")?.doubleValue == 13)
        #expect(gear.field(named: "front_gear_num")?.doubleValue == 12)
        #expect(gear.field(named: "front_gear")?.doubleValue == 11)
    }

    @Test func hrEventTimestamp12AccumulatesFromEventTimestamp() throws {
        // Given an hr message with event_timestamp 4000/1024 s, then one with ten 12-bit event_timestamp_12 values.
        let values = [4090, 4095, 10, 20, 1000, 1500, 2000, 4000, 50, 60]
        var packed: [UInt8] = Array(repeating: 0, count: 15)
        for (index, value) in values.enumerated() {
            for bit in 0..<12 where value >> bit & 1 == 1 {
                let position = 12 * index + bit
                packed[position / 8] |= 1 << (position % 8)
            }
        }
        let messages: [UInt8] = [0x40, 0x00, 0x00, 0x84, 0x00, 0x02, 0xFD, 0x04, 0x86, 0x09, 0x04, 0x86,
                                 0x00] + Self.le32(1_000_000_000) + Self.le32(4000)
            + [0x41, 0x00, 0x00, 0x84, 0x00, 0x01, 0x0A, 0x0F, 0x0D, 0x01] + packed
        let hr = try Self.decode(messages)
        #expect(hr[0].field(named: "event_timestamp")?.doubleValue == 3.90625)
        // Garmin SDK: [3.994140625, 3.9990234375, 4.009765625, 4.01953125, 4.9765625, 5.46484375, 5.953125,
        //              7.90625, 8.048828125, 8.05859375]
        #expect(hr[1].field(named: "event_timestamp")?.doubleValues == [
            3.994140625, 3.9990234375, 4.009765625, 4.01953125, 4.9765625, 5.46484375, 5.953125,
            7.90625, 8.048828125, 8.05859375,
        ])
        #expect(hr[1].field(named: "event_timestamp")?.units == "s")
    }

    @Test func accumulationRestartsInEachChainedFile() throws {
        // Given two chained files with the same records: totals do not carry over.
        var messages: [UInt8] = [0x40, 0x00, 0x00, 0x14, 0x00, 0x01, 0x12, 0x01, 0x02]
        messages += [0x00, 250, 0x00, 5]
        let file = FITTestSupport.file(messages)
        let decoded = try FITDecoder().decode(Data(file + file))
        #expect(decoded.fileCount == 2)
        #expect(decoded.messages.map { $0.field(named: "total_cycles")?.doubleValue } == [250, 261, 250, 261])
    }

    @Test func invalidSentinelsOfEveryBaseTypeAreAbsent() throws {
        // Given an unknown message (global 0xFF00) with one field of every base type, each holding its sentinel…
        let types: [(UInt8, [UInt8])] = [
            (0x00, [0xFF]), (0x01, [0x7F]), (0x02, [0xFF]), (0x83, [0xFF, 0x7F]), (0x84, [0xFF, 0xFF]),
            (0x85, [0xFF, 0xFF, 0xFF, 0x7F]), (0x86, [0xFF, 0xFF, 0xFF, 0xFF]), (0x07, [0x00, 0x00]),
            (0x88, [0xFF, 0xFF, 0xFF, 0xFF]), (0x89, Array(repeating: 0xFF, count: 8)), (0x0A, [0x00]),
            (0x8B, [0x00, 0x00]), (0x8C, [0x00, 0x00, 0x00, 0x00]), (0x0D, [0xFF, 0xFF]),
            (0x8E, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]), (0x8F, Array(repeating: 0xFF, count: 8)),
            (0x90, Array(repeating: 0x00, count: 8)),
        ]
        var definition: [UInt8] = [0x40, 0x00, 0x00, 0x00, 0xFF, UInt8(types.count)]
        var data: [UInt8] = [0x00]
        for (index, (baseType, bytes)) in types.enumerated() {
            definition += [UInt8(index), UInt8(bytes.count), baseType]
            data += bytes
        }
        // …and the same fields holding 1 (0x01 in the first byte).
        let valid: [UInt8] = [0x00] + types.flatMap { type -> [UInt8] in
            [1] + Array(repeating: 0, count: type.1.count - 1)
        }
        let messages = try Self.decode(definition + data + valid)
        // Then every sentinel is absent and every other value present.
        #expect(messages[0].fields.isEmpty)
        #expect(messages[1].fields.count == types.count)
        #expect(messages[1].name == nil)
    }
}
