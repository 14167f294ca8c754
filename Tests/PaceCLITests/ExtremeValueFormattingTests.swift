import ArgumentParser
import Foundation
@testable import PaceCLI
import PaceModel
import Testing

/// A local store may hold any finite duration, distance or ring value; the command line prints
/// them without the conversion to `Int` that trapped past its range.
@Suite struct ExtremeValueFormattingTests {
    @Test func durationsAndPacesPastWholeSecondsAreUnknown() throws {
        let formatting = Formatting(timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(formatting.duration(1e19) == "-" && formatting.duration(-1e300) == "-" && formatting.duration(.nan) == "-")
        #expect(formatting.duration(3723) == "1:02:03")
        let options = try UnitsOptions.parse([])
        #expect(options.pace(1e-300) == "-")
        #expect(options.pace(1000.0 / 300) == "5:00 /km")
    }

    @Test func ringValuesPastIntAreWrittenInFull() {
        let text = SummariesCommand.ring(Quantity(value: 1e20, unit: .kilocalorie), nil, unit: .kilocalorie)
        #expect(text == "100000000000000000000 / -")
        #expect(SummariesCommand.ring(Quantity(value: 412.4, unit: .kilocalorie), Quantity(value: 500, unit: .kilocalorie), unit: .kilocalorie) == "412 / 500")
    }
}
