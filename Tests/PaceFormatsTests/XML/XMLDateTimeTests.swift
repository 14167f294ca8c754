import Foundation
@testable import PaceFormats
import Testing

@Suite struct XMLDateTimeTests {
    private func parse(_ text: String) -> Date? {
        var copy = text
        let fromBytes = copy.withUTF8 { XMLDateTime.parse(bytes: UnsafeRawBufferPointer($0)) }
        #expect(fromBytes == XMLDateTime.parse(text))
        return fromBytes
    }

    @Test(arguments: [
        ("2024-05-01T06:00:00Z", 1_714_543_200.0),
        ("2024-05-01T06:00:00", 1_714_543_200.0),
        ("2024-05-01 06:00:00Z", 1_714_543_200.0),
        ("2024-05-01t06:00:00z", 1_714_543_200.0),
        ("2024-05-01T06:00:00.5Z", 1_714_543_200.5),
        ("2024-05-01T06:00:00,25Z", 1_714_543_200.25),
        ("2024-05-01T06:00:00.123456789123Z", 1_714_543_200.123456789),
        ("2024-05-01T08:00:00+02:00", 1_714_543_200.0),
        ("2024-05-01T00:30:00-0530", 1_714_543_200.0),
        ("2024-05-01T07:00:00+01", 1_714_543_200.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
    ])
    func parsesTimesWithFractionsAndZones(text: String, seconds: Double) throws {
        let date = try #require(parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: ["", "2024-05-01", "2024-05-01T06:00", "2024-13-01T06:00:00Z", "2024-05-01T06:00:00.Z", "2024-05-01T06:00:00Q",
                      "2024-05-01T06:00:00+15:00", "yesterday", "2024-05-01T06:00:00Z "])
    func rejectsWhatIsNotADateTime(text: String) {
        #expect(parse(text) == nil)
    }

    @Test func formatsWhatItParses() throws {
        let date = try #require(parse("2024-05-01T06:00:00.25Z"))
        #expect(XMLDateTime.format(date) == "2024-05-01T06:00:00.25Z")
    }

    /// A stored time may be any finite instant; the writer takes the years the reader takes and
    /// answers `nil` for the rest instead of trapping on the microseconds' conversion (which it did
    /// past about 292,000 years).
    @Test func writesTheYearsItReadsAndNothingElse() throws {
        for text in ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59.5Z", "1582-10-04T12:00:00Z"] {
            let date = try #require(parse(text))
            #expect(XMLDateTime.format(date) == text)
        }
        let tenThousand = 253_402_300_800.0
        for seconds in [tenThousand, tenThousand - 0.000_000_1, -62_167_219_200.5, 1e13, -1e13, 1e300, -.greatestFiniteMagnitude, .infinity, .nan] {
            #expect(XMLDateTime.format(Date(timeIntervalSince1970: seconds)) == nil, "\(seconds)")
        }
    }
}
