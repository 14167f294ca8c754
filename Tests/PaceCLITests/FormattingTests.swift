import Foundation
import PaceCLI
import Testing

@Suite struct FormattingTests {
    let formatting = Formatting(timeZone: TimeZone(identifier: "UTC")!)

    @Test(arguments: [(0.0, "0:00"), (59.6, "1:00"), (2550, "42:30"), (3723, "1:02:03"), (36_000, "10:00:00")])
    func durationsAreHoursMinutesSeconds(seconds: Double, expected: String) {
        #expect(formatting.duration(seconds) == expected)
    }

    @Test func datesAreShownInTheGivenTimeZone() {
        let date = Date(timeIntervalSince1970: 1_795_158_000)
        #expect(formatting.date(date) == "2026-11-20 07:00")
        #expect(Formatting(timeZone: TimeZone(identifier: "Asia/Tokyo")!).date(date) == "2026-11-20 16:00")
    }
}
