import Foundation
import PaceModel
import PaceTrack

extension WorkoutAssembler {
    /// A finished recording's elevation: what the live count showed is replaced by the finished
    /// track's (DECISIONS 101).
    struct FinishedElevation {
        /// Metres climbed; nil without any altitude.
        var gain: Double?
        /// Metres descended; nil without any altitude.
        var loss: Double?
        /// The route, with each location's altitude the fused one when a barometer reported.
        var route: [RouteLocation]
    }

    /// Re-processes the recorded route as a finished track (`TrackProcessor`'s smoothed path, the
    /// one imports and `pace track` use), with the barometer's pressures when there were any.
    ///
    /// - Parameters:
    ///   - route: The accepted locations, in time order.
    ///   - pressures: The pressure in pascals that came with each location (NaN where none).
    ///   - activity: The activity, for its thresholds.
    static func finishedElevation(route: [RouteLocation], pressures: [Double],
                                  activity: WorkoutActivityType) -> FinishedElevation {
        guard route.count >= 2 else { return FinishedElevation(gain: nil, loss: nil, route: route) }
        let barometric = pressures.count == route.count && pressures.contains(where: \.isFinite)
        let processed = TrackProcessor.process(route.map(Fix.init), pressures: barometric ? pressures : nil,
                                               configuration: .forActivity(activity), smoothed: true)
        var fused = route
        if barometric {
            // The smoother keeps the accepted fixes' times: walk the route alongside.
            var next = fused.startIndex
            for (index, point) in processed.points.enumerated() where processed.altitudes[index].isFinite {
                while next < fused.endIndex, fused[next].timestamp.timeIntervalSince1970 < point.time { next += 1 }
                guard next < fused.endIndex, fused[next].timestamp.timeIntervalSince1970 == point.time else { continue }
                fused[next].altitude = processed.altitudes[index]
            }
        }
        return FinishedElevation(gain: processed.summary.elevationGain, loss: processed.summary.elevationLoss, route: fused)
    }
}
