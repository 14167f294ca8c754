import Foundation
import PaceFormats
import Testing

/// Decoder tests on real files from `Fixtures/fit` (see `Fixtures/PROVENANCE.md`), checked against
/// the python-fitparse `*-records.csv` oracles where one exists.
@Suite struct FITFixtureTests {
    @Test func minimalFileIDOnly() throws {
        let file = try FITDecoder().decode(try FITTestSupport.fixture("minimal-fileid-only.fit"))
        #expect(file.fileCount == 1)
        #expect(file.messages.compactMap(\.name) == ["file_id", "activity", "record"])
        let fileID = try #require(file.messages.first)
        #expect(fileID.field(named: "manufacturer")?.enumName == "bryton")
        #expect(fileID.field(named: "product_name")?.value == .string("something ss"))
        #expect(fileID.field(named: "time_created")?.value == .unsigned(1_062_766_519))
        let record = try #require(file.messages.last)
        #expect(record.field(named: "altitude")?.doubleValue == 150)
        #expect(record.field(named: "heart_rate")?.value == .unsigned(112))
    }

    @Test(arguments: ["garmin-fenix5-ride", "garmin-edge820-ride-hrv"])
    func recordsMatchRecordsCSV(_ name: String) throws {
        // Given the fitparse oracle (timestamp, heart_rate, cadence, speed, distance, lat, long, altitude, temperature).
        let rows = try FITTestSupport.csvRows("\(name)-records.csv")
        // When
        let records = try FITActivityReader().read(try FITTestSupport.fixture("\(name).fit")).records
        // Then
        try #require(records.count == rows.count)
        let semicircle = 180.0 / 2_147_483_648.0
        for (record, row) in zip(records, rows) {
            #expect(record.heartRate == Double(row["heart_rate"]!))
            #expect(record.cadence == Double(row["cadence"]!))
            #expect(FITTestSupport.close(record.speed, Double(row["speed"]!), 0.0005))
            #expect(FITTestSupport.close(record.distance, Double(row["distance"]!), 0.005))
            #expect(FITTestSupport.close(record.latitude, Double(row["position_lat"]!).map { $0 * semicircle }, 1e-9))
            #expect(FITTestSupport.close(record.longitude, Double(row["position_long"]!).map { $0 * semicircle }, 1e-9))
            #expect(FITTestSupport.close(record.altitude, Double(row["altitude"]!), 0.01))
            #expect(record.temperature == Double(row["temperature"]!))
        }
    }

    @Test func hrvIntervalsAreScaledArrays() throws {
        let file = try FITDecoder().decode(try FITTestSupport.fixture("garmin-edge820-ride-hrv.fit"))
        let hrv = file.messages(78)
        #expect(hrv.count == 66)
        // Garmin FIT SDK (Python) on the same file: [0.594, 0.588, None, None, None].
        let first = try #require(hrv.first?.field(named: "time"))
        #expect(first.units == "s")
        #expect(first.doubleValues == [0.594, 0.588, nil, nil, nil])
        let activity = FITActivityReader().activity(from: file)
        #expect(activity.sport == "cycling")
        // The oracle's first row is "Mon Jun 12 09:10:15 PDT 2017" = 2017-06-12T16:10:15Z.
        #expect(activity.records.first?.time == ISO8601DateFormatter().date(from: "2017-06-12T16:10:15Z"))
    }

    @Test func fr70CompressedSpeedDistanceMatchesRecordsCSV() throws {
        // Given the oracle: FIT timestamp, heart rate, speed (m/s), accumulated distance (m), cadence.
        let rows = try FITTestSupport.csvRows("garmin-fr70-compressed-speed-distance-records.csv")
        // When
        let records = try FITActivityReader().read(
            try FITTestSupport.fixture("garmin-fr70-compressed-speed-distance.fit")).records
        var byTime: [Date: ActivityRecord] = [:]
        for record in records { if let time = record.time { byTime[time] = byTime[time] ?? record } }
        // Then every oracle row has a record at its time with the same values.
        #expect(rows.count == 754)
        for row in rows {
            let time = FITDecoder.date(fromFITSeconds: Int64(row["Timestamp"]!)!)
            let record = try #require(byTime[time])
            #expect(record.heartRate == Double(row["Heart Rate [bpm]"]!))
            #expect(FITTestSupport.close(record.speed, Double(row["Speed [m/s]"]!), 0.001))
            #expect(FITTestSupport.close(record.distance, Double(row["Distance [m]"]!), 0.001))
            #expect(record.cadence == Double(row["Cadence [rpm]"]!))
        }
    }

    @Test func fr70CompressedTimestampsAreReconstructed() throws {
        let file = try FITDecoder().decode(try FITTestSupport.fixture("garmin-fr70-compressed-ts-hr.fit"))
        let records = file.messages(20)
        #expect(records.count == 686)
        let times = records.compactMap { $0.field(253)?.value.integerValue }
        #expect(times.count == records.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 && $1 - $0 < 32 })
        #expect(records.filter { $0.field(named: "heart_rate") != nil }.count == 685)  // one sample has an invalid (0xFF) heart rate
        #expect(times.first == 16_441_242)  // time_created + 1 s
        #expect(times.last == 16_444_667)
    }

    @Test func developerFieldsGetNamesAndUnitsFromFieldDescription() throws {
        let file = try FITDecoder().decode(try FITTestSupport.fixture("wahoo-bolt-devdata-no-appid.fit"))
        #expect(file.messages(207).count == 2)
        let described = file.messages(206).compactMap { $0.field(named: "field_name")?.value.stringValue }
        #expect(described == ["calibration", "charge"])
        let developer = file.messages.flatMap(\.developerFields)
        #expect(!developer.isEmpty)
        #expect(Set(developer.compactMap(\.name)).isSubset(of: ["calibration", "charge"]))
        #expect(developer.allSatisfy { ($0.name == "charge") == ($0.units == "%") })
    }

    @Test func chainedFilesAreDecodedBackToBack() throws {
        let data = try FITTestSupport.fixture("garmin-fr920xt-triathlon-chained.fit")
        let file = try FITDecoder().decode(data)
        #expect(file.fileCount == 4)
        #expect(file.warnings.isEmpty)
        #expect(file.messages(20).count == 1773)
        #expect(file.messages(18).compactMap { $0.field(named: "sport")?.enumName }
            == ["swimming", "transition", "cycling", "transition", "running"])
        let activity = FITActivityReader().activity(from: file)
        #expect(activity.sport == "swimming")
        #expect(activity.laps.count == 5)
        #expect(activity.records.count == 1773)
    }

    @Test func unterminatedStringsDecode() throws {
        let file = try FITDecoder().decode(try FITTestSupport.fixture("wahoo-ride-unterminated-strings.fit"))
        let strings = file.messages.flatMap(\.fields).compactMap { $0.value.stringValue }
        #expect(!strings.isEmpty)
        #expect(strings.allSatisfy { !$0.contains("\u{0}") })
        #expect(file.messages(20).count == 33)
    }

    @Test func truncatedRealFileThrowsOrReturnsItsPrefix() throws {
        // Given a real file cut in the middle of its data.
        let whole = try FITTestSupport.fixture("fr220-run-4laps.fit")
        let cut = whole.prefix(2000)
        // Then
        let error = #expect(throws: FITError.self) { try FITDecoder().decode(cut) }
        #expect(error?.code == .truncated)
        let partial = try FITDecoder(options: .init(allowTruncation: true)).decode(cut)
        let complete = try FITDecoder().decode(whole)
        #expect(partial.messages.count > 0)
        #expect(partial.messages.count < complete.messages.count)
        #expect(Array(complete.messages.prefix(partial.messages.count)) == partial.messages)
        #expect(partial.warnings.count == 2)
    }

    @Test func aFileDamagedMidwayIsRefusedOrKeepsWhatPrecedesTheDamage() throws {
        // The Strava Android app wrote 488 data messages, then a message of a local type it never
        // defined at byte 7471 (fitdecode and Garmin's SDK stop at the same byte).
        let data = try FITTestSupport.fixture("strava-android-run-local-mesg-quirk.fit")
        let error = #expect(throws: FITError.self) { try FITDecoder().decode(data) }
        #expect(error?.code == .undefinedLocalMessage)
        #expect(error?.byteOffset == 7471)

        let kept = try FITDecoder(options: .init(keepMessagesBeforeDamage: true)).decode(data)

        #expect(kept.messages(20).count == 473, "the records fitdecode reads before the damage")
        #expect(kept.messages(18).first?.field(named: "total_distance")?.doubleValue == 11274.04)
        #expect(kept.warnings.count == 1)
        #expect(kept.warnings.first?.byteOffset == 7471)
        #expect(kept.warnings.first?.reason.contains("cannot be read past byte 7471") == true)
        #expect(kept.warnings.first?.reason.contains("the remaining 70762 bytes are lost") == true)
    }

    @Test func damageBeforeAnyDataMessageIsStillRefused() {
        // Nothing decoded yet: there is nothing to keep, so the option does not hide the error.
        let bytes = FITTestSupport.file([0x03, 0x01, 0x02])
        let error = #expect(throws: FITError.self) {
            try FITDecoder(options: .init(allowTruncation: true, keepMessagesBeforeDamage: true)).decode(Data(bytes))
        }
        #expect(error?.code == .undefinedLocalMessage)
    }
}
