import Foundation
import PaceFormats
import Testing

/// Positions that are not on Earth: a `sint32` of semicircles reaches ±180°, so a record can state a
/// latitude of 142.69° (found by the `fit` fuzz target, docs/RELIABILITY.md). The reader drops such
/// a position, keeps the rest of the record, and counts the drops in one warning, as GPX and TCX
/// skip out-of-range coordinates.
@Suite struct FITPositionRangeTests {
    /// Little-endian bytes of the low `size` bytes of `value`.
    private static func bytes(_ value: Int64, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A `record` definition (local 0): timestamp (uint32), position_lat and position_long (sint32),
    /// heart_rate (uint8); and one (local 1) whose position_long is a `sint64`, which can reach past 180°.
    private static let definitions: [UInt8] =
        [0x40, 0, 0, 20, 0, 4, 253, 4, 0x86, 0, 4, 0x85, 1, 4, 0x85, 3, 1, 0x02]
        + [0x41, 0, 0, 20, 0, 4, 253, 4, 0x86, 0, 4, 0x85, 1, 8, 0x8E, 3, 1, 0x02]

    private static func record(local: UInt8 = 0, second: Int64, latitude: Int64, longitude: Int64, heartRate: UInt8) -> [UInt8] {
        [local] + bytes(1_000_000_000 + second, 4) + bytes(latitude, 4) + bytes(longitude, local == 0 ? 4 : 8) + [heartRate]
    }

    /// 45° and 7° in semicircles; 142.69° (1 702 358 010) and 400° (4 772 185 884).
    static let fortyFive: Int64 = 536_870_912, seven: Int64 = 83_513_253

    /// Records at seconds 0…3: on Earth, latitude 142.69°, longitude 400° (`sint64`), on Earth again.
    static let file = FITTestSupport.file(definitions
        + record(second: 0, latitude: fortyFive, longitude: seven, heartRate: 120)
        + record(second: 1, latitude: 1_702_358_010, longitude: seven, heartRate: 121)
        + record(local: 1, second: 2, latitude: fortyFive, longitude: 4_772_185_884, heartRate: 122)
        + record(second: 3, latitude: fortyFive, longitude: seven, heartRate: 123))

    @Test func aPositionOffTheEarthIsDroppedAndTheRestOfItsRecordKept() throws {
        // Given a valid file (CRCs correct) whose second record has a latitude of 142.69° and third a longitude of 400°
        // When it is read
        let activity = try FITActivityReader().read(Data(Self.file))

        // Then every record is there with its time and heart rate, and only the two positions are gone
        let records = activity.records
        #expect(records.map(\.heartRate) == [120, 121, 122, 123])
        #expect(records.map(\.time) == (0..<4).map { FITDecoder.date(fromFITSeconds: 1_000_000_000 + Int64($0)) })
        #expect(records.map { $0.latitude == nil } == [false, true, true, false])
        #expect(records.map { $0.longitude == nil } == [false, true, true, false])
        #expect(FITTestSupport.close(records[0].latitude, 45, 1e-9) && FITTestSupport.close(records[3].longitude, 7, 1e-7))
    }

    @Test func theDroppedPositionsAreCountedInOneWarning() throws {
        // Given the same file, read from a byte source (as an import does)
        let (activity, warnings) = try FITActivityReader().read(source: DataByteSource(Data(Self.file)))

        // Then one warning counts both records and points at the first (after the header and definitions)
        #expect(activity.records.count == 4)
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.byteOffset == 14 + Self.definitions.count + 14)
        #expect(warning.reason.hasPrefix("2 record(s)"))

        // And streaming the records one by one drops the same positions and warns the same way
        var streamed: [ActivityRecord] = []
        let (_, streamWarnings) = try FITActivityReader().read(source: DataByteSource(Data(Self.file))) { streamed.append($0) }
        #expect(streamed == activity.records)
        #expect(streamWarnings == warnings)
    }

    @Test func aFileOnEarthHasNoPositionWarning() throws {
        let (_, warnings) = try FITActivityReader().read(source: DataByteSource(try FITTestSupport.fixture("fr220-run-4laps.fit")))
        #expect(warnings.isEmpty)
    }
}
