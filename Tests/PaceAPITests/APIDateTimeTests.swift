import Foundation
import PaceAPI
import Testing

/// The API's one date form, written and read: what it writes reads back as the same second, what
/// Foundation writes from 1583 on it writes too, and a JSON body's date that names no instant is
/// refused by the decoder instead of moved.
@Suite struct APIDateTimeTests {
    @Test func writesWhatFoundationWritesFrom1583AndReadsItBack() throws {
        // Every 97th day from 1583 to 9999, at a time of day that changes with it
        let foundation = Date.ISO8601FormatStyle()
        let first = Date(timeIntervalSince1970: -12_212_553_600)  // 1583-01-01T00:00:00Z
        let last = Date(timeIntervalSince1970: 253_402_300_799)    // 9999-12-31T23:59:59Z
        var date = first, count = 0
        while date <= last {
            let text = try #require(APIDateTime.text(date))
            #expect(text == foundation.format(date), "\(date.timeIntervalSince1970)")
            #expect(APIDateTime.parse(text) == date)
            date = date.addingTimeInterval(97 * 86_400 + 3_607)
            count += 1
        }
        #expect(count > 30_000)
    }

    @Test func writesWholeSecondsTowardsThePast() {
        #expect(APIDateTime.text(Date(timeIntervalSince1970: 0.7)) == "1970-01-01T00:00:00Z")
        #expect(APIDateTime.text(Date(timeIntervalSince1970: -0.3)) == "1969-12-31T23:59:59Z")
        #expect(APIDateTime.text(Date(timeIntervalSince1970: .nan)) == nil)
        #expect(APIDateTime.text(Date(timeIntervalSince1970: .infinity)) == nil)
    }

    @Test func datesBeforeTheGregorianReformReadBackAsTheSameInstant() throws {
        // (Foundation's formatter is Julian before 15 October 1582; the API's calendar is proleptic Gregorian throughout.)
        for text in ["1582-10-14T12:00:00Z", "1000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "0000-02-29T23:59:59Z"] {
            let date = try #require(APIDateTime.parse(text), "\(text)")
            #expect(APIDateTime.text(date) == text)
        }
        // Years outside 0…9999 are written as ISO 8601's expanded years, which the API does not read
        #expect(APIDateTime.text(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00Z")
        #expect(APIDateTime.text(Date(timeIntervalSince1970: -62_167_219_201)) == "-0001-12-31T23:59:59Z")
        #expect(APIDateTime.parse("10000-01-01T00:00:00Z") == nil)
    }

    @Test(arguments: ["2026-02-30T07:00:00Z", "2026-11-26T25:00:00Z", "2026-11-26T07:00:4Z", "2026-11-26T07:00:00Zjunk", "2026-11-26"])
    func aJSONDateThatNamesNoInstantIsADecodingError(text: String) throws {
        // Given a live batch whose one point has the date
        let body = #"{"sequence": 1, "points": [{"time": "\#(text)", "distance": 0}]}"#

        // Then decoding it fails, naming the date and the form to send
        do {
            let batch = try LiveBatch.decode(Data(body.utf8))
            Issue.record("'\(text)' was read as \(batch.points.first?.time as Any)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "'\(text)' is not an RFC 3339 date and time, e.g. 2026-11-26T07:00:00Z")
            #expect(context.codingPath.map(\.stringValue).last == "time")
        }
    }

    @Test func jsonDatesRoundTripThroughTheStrategies() throws {
        // Given dates either side of the reform and one with a fraction of a second
        let dates = ["1500-06-01T10:00:00Z", "2026-11-26T07:00:00Z"].compactMap(APIDateTime.parse) + [Date(timeIntervalSince1970: 1_764_140_400.75)]
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.dateEncodingStrategy = .rfc3339
        decoder.dateDecodingStrategy = .rfc3339

        // When they are written and read back
        let data = try encoder.encode(dates)
        let again = try decoder.decode([Date].self, from: data)

        // Then each is its own whole second
        #expect(String(decoding: data, as: UTF8.self) == #"["1500-06-01T10:00:00Z","2026-11-26T07:00:00Z","2025-11-26T07:00:00Z"]"#)
        #expect(again == dates.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) })
    }
}
