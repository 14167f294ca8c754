import Foundation
import PaceFormats
import PaceModel

extension FuzzTarget {
    /// Apple Health `export.xml`: ``AppleHealthExportReader`` on any bytes. Every delivered object
    /// passes its own `validate()` (as the reader promises), warnings and refusals are positioned
    /// ``AppleHealthError``s. Every `<FileReference>` reads one small route written by ``GPXWriter``.
    static let appleHealth = FuzzTarget(
        name: "applehealth",
        summary: "AppleHealthExportReader: every delivered object validates, positioned AppleHealthError",
        seedFiles: [FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/applehealth", extensions: ["xml"], recursive: true)]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "applehealth")
        var violation: FuzzInvariantViolation?
        var index = 0
        do throws(AppleHealthError) {
            _ = try AppleHealthExportReader().read(source: DataByteSource(data), file: "export.xml",
                                                   routeFile: { _ in AppleHealthFuzzChecks.route }) { item in
                defer { index += 1 }
                guard violation == nil else { return }
                do throws(FuzzInvariantViolation) {
                    try AppleHealthFuzzChecks(check: check).item(item, "item \(index)")
                } catch {
                    violation = error
                }
            }
        } catch {
            if let violation { throw violation }
            try check.position(line: error.line, column: error.column, "refusal \(error.code)")
            try check.require(error.code != .handlerFailed && error.code != .unreadableFile,
                              "an in-memory read failed with \(error.code): \(error)")
            return .refused(code: error.code.description)
        }
        if let violation { throw violation }
        return .decoded
    }
}

/// The Apple Health target's checks.
struct AppleHealthFuzzChecks {
    let check: FuzzCheck

    /// The route file every `<FileReference>` reads: three points written by ``GPXWriter``.
    static var route: Data { Data(routeBytes) }

    /// The route's bytes, kept as an array: LeakSanitizer reported a `Data` held in this global as
    /// leaked when the fuzzer exited (it does not find the pointer to the storage, presumably because
    /// `Data`'s enum keeps its tag in the pointer's spare bits); an array's buffer pointer is plain.
    private static let routeBytes: [UInt8] = {
        let start = Date(timeIntervalSince1970: 1_560_265_200)
        let records = (0..<3).map { step in
            ActivityRecord(time: start.addingTimeInterval(Double(step)), latitude: 37.33 + Double(step) * 0.0001,
                           longitude: -122.03, altitude: 20)
        }
        return [UInt8](GPXWriter().data(for: RecordedActivity(laps: [ActivityLap(records: records)])))
    }()

    /// Each object the reader delivers passes its own validation; a warning is positioned.
    func item(_ item: AppleHealthExportItem, _ place: String) throws(FuzzInvariantViolation) {
        switch item {
        case .quantitySample(let sample):
            try valid(place) { () throws(InvalidObjectError) in try sample.validate() }
        case .categorySample(let sample):
            try valid(place) { () throws(InvalidObjectError) in try sample.validate() }
        case .correlation(let correlation):
            try check.require(correlation.startDate <= correlation.endDate, "\(place): correlation ends before it starts")
            for sample in correlation.quantitySamples {
                try valid(place) { () throws(InvalidObjectError) in try sample.validate() }
            }
            for sample in correlation.categorySamples {
                try valid(place) { () throws(InvalidObjectError) in try sample.validate() }
            }
        case .workout(let workout):
            try valid(place) { () throws(InvalidObjectError) in try workout.validate() }
        case .workoutRoute(let route):
            try valid(place) { () throws(InvalidObjectError) in try route.validate() }
            for (index, location) in route.locations.enumerated() { try check.location(location, "\(place) location \(index)") }
        case .activitySummary(let summary):
            do {
                try summary.validate()
            } catch {
                throw FuzzInvariantViolation(target: check.target, message: "\(place): delivered an invalid activity summary: \(error)")
            }
        case .characteristics:
            break
        case .warning(let warning):
            try check.position(line: warning.line, column: warning.column, "\(place) warning \(warning.code)")
        }
    }

    private func valid(_ place: String, _ validate: () throws(InvalidObjectError) -> Void) throws(FuzzInvariantViolation) {
        do {
            try validate()
        } catch {
            throw FuzzInvariantViolation(target: check.target, message: "\(place): delivered an invalid object: \(error)")
        }
    }
}
