import Foundation
import PaceTrack

/// `pace track` output: the summary with units in the field names. Field names are stable.
struct TrackReport: Encodable {
    struct FixReport: Encodable {
        var total: Int
        var accepted: Int
        var rejected: [String: Int]
        var outliers: Int
    }

    var mode: String
    var activity: String
    var distanceMeters: Double
    var distanceUncertaintyMeters: Double
    var elapsedSeconds: Double
    var movingSeconds: Double
    var averageSpeedMetersPerSecond: Double?
    var maximumSpeedMetersPerSecond: Double
    var averagePaceSecondsPerKilometer: Double?
    var averagePaceSecondsPerMile: Double?
    var elevationGainMeters: Double?
    var elevationLossMeters: Double?
    var kilometerSplits: [SplitDetail]
    var mileSplits: [SplitDetail]
    var fixes: FixReport

    init(_ summary: TrackSummary, mode: String, activity: String) {
        self.mode = mode
        self.activity = activity
        distanceMeters = summary.distance
        distanceUncertaintyMeters = summary.distanceUncertainty
        elapsedSeconds = summary.elapsedTime
        movingSeconds = summary.movingTime
        averageSpeedMetersPerSecond = summary.averageSpeed
        maximumSpeedMetersPerSecond = summary.maximumSpeed
        averagePaceSecondsPerKilometer = summary.averagePacePerKilometer
        averagePaceSecondsPerMile = summary.averagePacePerMile
        elevationGainMeters = summary.elevationGain
        elevationLossMeters = summary.elevationLoss
        kilometerSplits = summary.kilometerSplits.map(SplitDetail.init)
        mileSplits = summary.mileSplits.map(SplitDetail.init)
        fixes = FixReport(total: summary.fixCount, accepted: summary.acceptedFixCount,
                          rejected: Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.key.rawValue, $0.value) }),
                          outliers: summary.outlierRejections)
    }

    func text() -> String {
        let formatting = Formatting()
        var lines: [String] = []
        lines.append(String(format: "Distance     %.2f km ± %.0f m", distanceMeters / 1000, distanceUncertaintyMeters))
        lines.append("Moving time  \(formatting.duration(movingSeconds)) of \(formatting.duration(elapsedSeconds)) elapsed")
        let pace = averagePaceSecondsPerKilometer.flatMap { Pace.formatted(seconds: $0) } ?? "-"
        lines.append(String(format: "Speed        %.2f m/s average, %.2f m/s max, pace %@ /km",
                            averageSpeedMetersPerSecond ?? 0, maximumSpeedMetersPerSecond, pace))
        if let gain = elevationGainMeters, let loss = elevationLossMeters {
            lines.append(String(format: "Elevation    +%.0f m / -%.0f m", gain, loss))
        } else {
            lines.append("Elevation    -")
        }
        let rejected = fixes.rejected.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("Fixes        \(fixes.accepted) of \(fixes.total) used" + (rejected.isEmpty ? "" : "; rejected: \(rejected)")
                     + (fixes.outliers > 0 ? "; \(fixes.outliers) outlier positions ignored" : ""))
        if !kilometerSplits.isEmpty {
            lines.append("")
            lines.append(TextTable.render(header: ["KM", "DISTANCE", "TIME", "PACE"], rows: kilometerSplits.map { split in
                [String(split.index) + (split.isPartial ? "*" : ""), String(format: "%.2f km", split.distanceMeters / 1000),
                 formatting.duration(split.movingSeconds),
                 split.paceSecondsPerUnit.flatMap { Pace.formatted(seconds: $0) }.map { $0 + " /km" } ?? "-"]
            }))
        }
        return lines.joined(separator: "\n")
    }
}
