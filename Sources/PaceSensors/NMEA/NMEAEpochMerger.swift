import Foundation
public import PaceModel

/// Merges the sentences of one fix into one ``RouteLocation``. Pure: sentences in, outputs out.
///
/// An epoch is every sentence with the same UTC time of day (GGA, GNS, RMC, GLL, ZDA) plus the untimed
/// ones that follow them (GSA, VTG); it closes when a sentence with a different time arrives, or on
/// ``finish()``. So a fix is reported one receiver cycle late, stamped with its own time.
///
/// - Position: GGA, else GNS, else RMC, else GLL; an epoch needs a GGA, GNS or RMC to be reported
///   (a GLL-only epoch is a cycle cut off at the edge of a log). Altitude: GGA, else GNS (above
///   mean sea level).
/// - Speed (m/s) and course (degrees true): RMC, else VTG; −1 when absent.
/// - Accuracy: ``NMEAAccuracyModel`` (HDOP × σ horizontally, VDOP × σ vertically). Without any
///   HDOP the horizontal accuracy is 0 (valid, not reported); vertical is −1 without altitude or
///   in a 2D fix, 0 when altitude has no VDOP.
/// - Date: the epoch's ZDA, else its RMC, else the last date seen (advanced by a day when the time
///   of day wraps past midnight); corrected by ``GPSWeekRollover``. An epoch before any date is
///   skipped as ``NMEAParseError/Code/noDate``.
/// - No fix: GGA quality 0, RMC status V or mode N, GLL status V or mode N, GNS mode N for every
///   system, or every GSA in
///   mode 1 yields ``Output/noFix(reason:)`` instead of a location. A GGA, GNS or RMC without a time
///   (a receiver starting up) that says "no fix" yields it at once.
public struct NMEAEpochMerger: Sendable {
    /// How the merger turns epochs into locations.
    public struct Configuration: Sendable {
        /// DOP-to-metres model.
        public var accuracy: NMEAAccuracyModel
        /// Week-rollover correction of receiver dates.
        public var rollover: GPSWeekRollover

        /// Creates a configuration.
        /// - Parameters:
        ///   - accuracy: DOP-to-metres model.
        ///   - rollover: Week-rollover policy; the host clock by default.
        public init(accuracy: NMEAAccuracyModel = NMEAAccuracyModel(), rollover: GPSWeekRollover = .hostClock) {
            self.accuracy = accuracy
            self.rollover = rollover
        }
    }

    /// What one closed epoch produced.
    public enum Output: Hashable, Sendable {
        /// A valid fix.
        case location(RouteLocation)
        /// The receiver reports no fix for this epoch; `reason` names the sentence that says so.
        case noFix(reason: String)
        /// The epoch could not be used (no date yet).
        case skipped(NMEAParseError)
    }

    /// The configuration.
    public var configuration: Configuration
    private var open: NMEAEpoch?
    private var lastDate: NMEADate?
    private var lastTime: NMEATimeOfDay?

    /// Creates a merger.
    /// - Parameter configuration: Accuracy model and rollover policy.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Adds one sentence; returns the outputs of any epoch it closed.
    public mutating func consume(_ sentence: NMEASentence) -> [Output] {
        var out: [Output] = []
        switch sentence.content {
        case .gga(let gga):
            guard let time = gga.time else {
                return gga.quality == .invalid ? [.noFix(reason: "GGA fix quality 0, no time yet")] : []
            }
            start(time, &out)
            open?.gga = gga
        case .rmc(let rmc):
            guard let time = rmc.time else {
                return rmc.status == .invalid ? [.noFix(reason: "RMC status V, no time yet")] : []
            }
            start(time, &out)
            open?.rmc = rmc
        case .gll(let gll):
            if let time = gll.time { start(time, &out) }
            open?.gll = gll
        case .zda(let zda):
            guard let time = zda.time else { return [] }
            start(time, &out)
            open?.zda = zda
        case .gns(let gns):
            guard let time = gns.time else {
                let noFix = !gns.modes.isEmpty && gns.modes.allSatisfy { $0 == .notValid }
                return noFix ? [.noFix(reason: "GNS mode N, no time yet")] : []
            }
            start(time, &out)
            open?.gns = gns
        case .gsa(let gsa):
            open?.gsa.append(gsa)
        case .vtg(let vtg):
            open?.vtg = vtg
        case .gsv, .other:
            break
        }
        return out
    }

    /// Closes the open epoch (end of stream, or the receiver went quiet).
    public mutating func finish() -> [Output] {
        guard let epoch = open else { return [] }
        open = nil
        return close(epoch)
    }

    /// Drops the open epoch without reporting it (the device was reconnected); keeps the last date.
    public mutating func reset() {
        open = nil
    }

    private mutating func start(_ time: NMEATimeOfDay, _ out: inout [Output]) {
        if let epoch = open {
            if epoch.time == time { return }
            out += close(epoch)
        }
        open = NMEAEpoch(time: time)
    }

    private mutating func close(_ epoch: NMEAEpoch) -> [Output] {
        var date = epoch.date
        if date == nil, let lastDate, let lastTime {
            // Carry the last date; a time of day more than 12 h earlier means midnight passed.
            let wrapped = epoch.time.microsecondsSinceMidnight < lastTime.microsecondsSinceMidnight - 43_200_000_000
            date = wrapped ? NMEADate(daysSinceUnixEpoch: lastDate.daysSinceUnixEpoch + 1) : lastDate
        }
        if let date {
            lastDate = date
            lastTime = epoch.time
        }
        if let reason = epoch.noFixReason { return [.noFix(reason: reason)] }
        guard let coordinate = epoch.coordinate else { return [] }
        guard let date else {
            return [.skipped(NMEAParseError(code: .noDate,
                message: "fix at \(epoch.time) dropped: no RMC or ZDA date has been received yet"))]
        }
        let seconds = Double(date.daysSinceUnixEpoch) * 86_400 + epoch.time.secondsSinceMidnight
        let timestamp = configuration.rollover.corrected(Date(timeIntervalSince1970: seconds))
        let quality = epoch.quality
        let model = configuration.accuracy
        let altitude = epoch.altitudeMSL
        var vertical = -1.0
        if altitude != nil, !epoch.isTwoDimensional {
            vertical = epoch.vdop.map { model.accuracy(dop: $0, quality: quality) } ?? 0
        }
        let location = RouteLocation(
            timestamp: timestamp,
            latitude: coordinate.latitude,
            longitude: coordinate.longitude,
            altitude: altitude ?? 0,
            speed: epoch.speed ?? -1,
            course: epoch.course ?? -1,
            horizontalAccuracy: epoch.hdop.map { model.accuracy(dop: $0, quality: quality) } ?? 0,
            verticalAccuracy: vertical)
        return [.location(location)]
    }
}
