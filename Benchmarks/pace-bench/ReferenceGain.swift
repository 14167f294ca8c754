import PaceModel
import PaceTrack

/// The simple elevation-gain methods Pace's gain is compared with in docs/ACCURACY.md, computed
/// from the raw input exactly as those methods describe themselves; not used by Pace itself.
enum ReferenceGain {
    /// Gain as the self-hosted servers compute it: GPS altitudes averaged over three consecutive
    /// points, positive steps summed, no threshold. In metres; 0 for fewer than three altitudes.
    static func threePointSmoothing(_ locations: [RouteLocation]) -> Double {
        let altitudes = locations.map(\.altitude).filter(\.isFinite)
        guard altitudes.count >= 3 else { return 0 }
        var gain = 0.0
        var previous = Double.nan
        for index in 1..<(altitudes.count - 1) {
            let smoothed = (altitudes[index - 1] + altitudes[index] + altitudes[index + 1]) / 3
            if previous.isFinite, smoothed > previous { gain += smoothed - previous }
            previous = smoothed
        }
        return gain
    }

    /// Gain as OpenTracks counts it from a phone's barometer: one reading every `interval` seconds
    /// (its sensor rate, 5 s), each blended 0.3 : 0.7 with the previous reading, turned into
    /// altitude with the standard atmosphere; whenever that altitude is 3 m or more above (or
    /// below) the last accepted level, exactly 3 m of gain (loss) is counted and the level moves by
    /// 3 m. In metres; 0 without pressures.
    ///
    /// - Parameters:
    ///   - times: Unix time of each reading, s.
    ///   - pressures: Pressure in pascals (NaN where none).
    ///   - interval: Seconds between the readings used.
    static func barometricSteps(times: [Double], pressures: [Double], interval: Double = 5) -> Double {
        let altimeter = BarometricAltimeter()
        let step = 3.0, blend = 0.3
        var gain = 0.0
        var accepted = Double.nan, lastSeen = Double.nan, nextTime = -Double.infinity
        for (time, pressure) in zip(times, pressures) where pressure.isFinite && time >= nextTime {
            nextTime = time + interval
            guard accepted.isFinite else {
                accepted = altimeter.altitude(pressure: pressure)
                lastSeen = pressure
                continue
            }
            let smoothed = altimeter.altitude(pressure: blend * pressure + (1 - blend) * lastSeen)
            lastSeen = pressure
            if smoothed - accepted >= step {
                gain += step
                accepted += step
            } else if accepted - smoothed >= step {
                accepted -= step
            }
        }
        return gain
    }
}
