import Foundation
import PaceAPI
import PaceModel
import PaceStore
import Testing

/// The API's query grammar: what each getter accepts, its default, and the refusal it gives.
@Suite struct APIQueryTests {
    private func refusal(_ body: () throws(APIParameterError) -> Void) -> APIParameterError? {
        do throws(APIParameterError) { try body(); return nil } catch { return error }
    }

    @Test func datesAreISO8601AndToMayNotPrecedeFrom() throws {
        let range = try APIQuery(["from": "2026-11-26T07:00:00Z", "to": "2026-11-26T08:00:00+01:00"]).dateRange()
        #expect(range.from == Date(timeIntervalSince1970: 1_795_676_400))
        #expect(range.to == range.from)
        #expect(try APIQuery([:]).interval() == .all)

        let reversed = refusal { () throws(APIParameterError) in _ = try APIQuery(["from": "2026-11-27T00:00:00Z", "to": "2026-11-26T00:00:00Z"]).interval() }
        #expect(reversed == APIParameterError(name: "to", problem: "is before 'from'; give the earlier date as 'from'"))
        let day = refusal { () throws(APIParameterError) in _ = try APIQuery(["from": "2026-11-26"]).dateRange() }
        #expect(day?.name == "from")
        #expect(day?.description == "The parameter 'from' is not an ISO 8601 date and time, e.g. 2026-11-26T07:00:00Z.")
        let missing = refusal { () throws(APIParameterError) in _ = try APIQuery([:]).requiredDate("to", meaning: "the range's end") }
        #expect(missing?.problem == "is missing; give the range's end (ISO 8601)")
    }

    /// RFC 3339 strictly: what it allows reads to its instant (as Foundation's own ISO 8601 parser
    /// reads it, which takes `T` and `Z` in upper case only); a day that does not exist, an hour
    /// past 23, a missing zone or anything after the zone is refused instead of being read as some
    /// other instant.
    @Test(arguments: [
        "2026-11-26T07:00:00Z", "2026-11-26T07:00:00.25Z", "2026-11-26T07:00:00.123456789+05:30",
        "2024-02-29T23:59:59-00:00", "2000-02-29T00:00:00Z", "1583-01-01T00:00:00Z", "9999-12-31T23:59:59.5Z",
        "2026-11-26T07:00:00-18:00", "2026-11-26t07:00:00z",
    ])
    func validDatesReadAsFoundationReadsThem(text: String) throws {
        // (From 1583 on: before it Foundation's calendar is Julian, and the API's, like ISO 8601's, Gregorian.)
        let date = try #require(try APIQuery(["from": text]).date("from"))
        let foundation = try Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")).parse(text.uppercased())
        #expect(abs(date.timeIntervalSince(foundation)) < 1e-6)
    }

    @Test(arguments: [
        "2026-02-30T07:00:00Z", "2100-02-29T07:00:00Z", "2026-11-26T24:00:00Z", "2026-11-26T07:60:00Z",
        "2026-11-26T07:00:60Z", "2026-11-26T07:00:00Zjunk", "2026-11-26T7:00:00Z", " 2026-11-26T07:00:00Z",
        "2026-11-26T07:00:00", "2026-11-26T07:00:00.Z", "2026-11-26T07:00:00+0100", "2026-11-26T07:00:00+18:01",
        "2026-11-26 07:00:00Z", "+2026-11-26T07:00:00Z", "20261126T070000Z", "2026-11-26T07:00:00GMT",
    ])
    func datesThatNameAnotherInstantAreRefused(text: String) {
        let error = refusal { () throws(APIParameterError) in _ = try APIQuery(["from": text]).date("from") }
        #expect(error == APIParameterError(name: "from", problem: "is not an ISO 8601 date and time, e.g. 2026-11-26T07:00:00Z"))
    }

    @Test func daysAreCalendarDaysInOrder() throws {
        let (from, to) = try APIQuery(["from": "2026-02-28", "to": "2026-03-01"]).dayRange()
        #expect(from == DateComponents(year: 2026, month: 2, day: 28))
        #expect(to == DateComponents(year: 2026, month: 3, day: 1))
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["to": "2026-02-30"]).dayRange() }?.name == "to")
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["from": "2026-03-02", "to": "2026-03-01"]).dayRange() }?.name == "to")
    }

    @Test func numbersStayInsideTheirBounds() throws {
        let query = APIQuery(["limit": "500", "after": "0", "tolerance": "2.5"])
        #expect(try query.limit(default: 50, maximum: 500) == 500)
        #expect(try APIQuery([:]).limit(default: 50, maximum: 500) == 50)
        #expect(try query.wholeNumber("after", in: 0...Int.max) == 0)
        #expect(try query.number("tolerance", in: 0...1000, unit: "metres") == 2.5)

        for text in ["0", "501", "-1", "5.0", "", "1e3"] {
            let error = refusal { () throws(APIParameterError) in _ = try APIQuery(["limit": text]).limit(default: 50, maximum: 500) }
            #expect(error?.problem == "must be a whole number from 1 to 500", "limit=\(text)")
        }
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["after": "-1"]).wholeNumber("after", in: 0...Int.max) }?.problem
            == "must be a whole number from 0 up")
        for text in ["1e400", "nan", "inf", "1000.5", "-0.1"] {
            let error = refusal { () throws(APIParameterError) in _ = try APIQuery(["tolerance": text]).number("tolerance", in: 0...1000, unit: "metres") }
            #expect(error?.problem == "must be a number of metres from 0 to 1000", "tolerance=\(text)")
        }
    }

    @Test func cursorsAndAnchorsReadBackFromTheirText() throws {
        let start = Date(timeIntervalSinceReferenceDate: 817_000_000.25)
        let id = UUID()
        let cursor = try #require(PageCursor(after: [(start, id)], more: true, start: \.0, id: \.1))
        #expect(try APIQuery(["cursor": cursor.text]).cursor() == cursor)
        #expect(PageCursor(after: [(start, id)], more: false, start: \.0, id: \.1) == nil)
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["cursor": "bm90IGpzb24"]).cursor() }?.name == "cursor")

        let anchor = QueryAnchor(storeID: UUID(), anchor: Anchor(rawValue: 1_234))
        #expect(try APIQuery(["anchor": SyncAnchorText.text(anchor)]).syncAnchor() == anchor)
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["anchor": cursor.text]).syncAnchor() }?.name == "anchor")
    }

    @Test func statisticsOptionsFitTheTypesAggregation() throws {
        #expect(try APIQuery([:]).statisticsOptions(for: .heartRate) == .average)
        #expect(try APIQuery([:]).statisticsOptions(for: .stepCount) == .sum)
        #expect(try APIQuery(["options": "discreteMin, discreteMax"]).statisticsOptions(for: .heartRate) == [.minimum, .maximum])
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["options": "cumulativeSum"]).statisticsOptions(for: .heartRate) }?
            .problem.hasPrefix("cannot hold cumulativeSum") == true)
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["options": "discreteAverage"]).statisticsOptions(for: .stepCount) }?
            .problem.hasPrefix("can only be cumulativeSum") == true)
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["options": "discreteAverage,"]).statisticsOptions(for: .heartRate) }?
            .problem.hasPrefix("has '', which is not one of") == true)
    }

    @Test func namesOfClosedSetsAreCheckedAgainstTheSet() throws {
        #expect(try APIQuery(["activityType": "running"]).activityType() == .running)
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["activityType": "Running"]).activityType() }?.name == "activityType")
        #expect(try APIQuery(["timeZone": "Europe/Zurich"]).timeZone().identifier == "Europe/Zurich")
        #expect(try APIQuery([:]).timeZone().secondsFromGMT(for: Date(timeIntervalSince1970: 1_795_676_400)) == 0)
        #expect(refusal { () throws(APIParameterError) in _ = try APIQuery(["timeZone": "Mars/Olympus"]).timeZone() }?.name == "timeZone")
    }
}
