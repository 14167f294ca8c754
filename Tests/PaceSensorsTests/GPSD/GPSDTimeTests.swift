import Foundation
@testable import PaceSensors
import Testing

@Suite struct GPSDTimeTests {
    @Test(arguments: [
        ("2020-03-18T13:28:19.600Z", 1_584_538_099.6),
        ("2020-03-18T13:28:19Z", 1_584_538_099.0),
        ("1970-01-01T00:00:00.000Z", 0.0),
        ("1969-12-31T23:59:59.5Z", -0.5),
        ("2000-02-29T12:00:00.123456Z", 951_825_600.123456),
        ("2016-12-31T23:59:60.000Z", 1_483_228_800.0),
        ("2100-03-01T00:00:00.000Z", 4_107_542_400.0),
    ])
    func parsesUTC(text: String, seconds: Double) throws {
        let date = try #require(GPSDTime.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        "", "2020-03-18", "2020-03-18T13:28:19.600", "2020-03-18 13:28:19Z", "2020-13-01T00:00:00Z",
        "2019-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2020-03-18T24:00:00Z", "2020-03-18T13:60:00Z",
        "2020-03-18T13:28:61Z", "2020-03-18T13:28:19.Z", "2020-03-18T13:28:19.6xZ", "2020-03-18T13:28:19+01:00",
    ])
    func rejectsOtherText(text: String) {
        #expect(GPSDTime.parse(text) == nil)
    }

    @Test func agreesWithFoundationOnTheOracle() throws {
        for object in try GPSDFixtures.oracle("gpsd-nmea-rtk.log.chk", className: "TPV") {
            guard let text = object["time"] as? String else { continue }
            let mine = try #require(GPSDTime.parse(text))
            let foundation = try #require(GPSDFixtures.date(text))
            #expect(abs(mine.timeIntervalSince(foundation)) < 0.0005, "\(text)")
        }
    }
}
