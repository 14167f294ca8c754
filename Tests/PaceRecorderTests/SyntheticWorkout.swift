import Foundation
import PaceModel

/// A deterministic four-stream workout: 1 Hz GPS along a straight line eastwards at `speed`,
/// 1 Hz heart rate, 25 Hz pressure, 50 Hz motion with a step every 1/3 s, delivered in arrival
/// order (heart rate 0.3 s late, like a Bluetooth strap).
struct SyntheticWorkout {
    var start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    var seconds = 120
    var speed = 3.0
    /// Seconds (from the start) during which the athlete stands still.
    var stationary: Range<Int> = 0..<0
    /// Seconds during which no GPS fix arrives.
    var gpsOutage: Range<Int> = 0..<0
    var pressureHz = 25
    var motionHz = 50
    /// Metres above the 400 m start at each second; nil: flat, and a constant 96 600 Pa barometer.
    var climb: ((Int) -> Double)?
    /// GPS altitude error in metres at each second.
    var gpsAltitudeError: (Int) -> Double = { _ in 0 }
    /// What the barometer reads beyond the true altitude's standard pressure, in pascals, at each second
    /// (a sensor offset, the weather).
    var pressureError: (Int) -> Double = { _ in 0 }

    /// The true altitude at `second`, m.
    func altitude(at second: Int) -> Double { 400 + (climb?(second) ?? 0) }

    /// The standard atmosphere's pressure at `altitude` metres, Pa.
    static func standardPressure(altitude: Double) -> Double { 101_325 * pow(1 - 2.255_77e-5 * altitude, 5.255_88) }

    /// Readings with the session-clock time at which each arrives.
    func readings() -> [(arrival: Date, reading: SensorReading)] {
        var result: [(Date, SensorReading)] = []
        var east = 0.0
        let metersPerDegreeLongitude = 111_320.0 * cos(47.0 * .pi / 180)
        for second in 0..<seconds {
            let t = start.addingTimeInterval(Double(second))
            let moving = !stationary.contains(second)
            if second > 0, moving { east += speed }
            if !gpsOutage.contains(second) {
                let location = RouteLocation(timestamp: t, latitude: 47.0, longitude: 8.0 + east / metersPerDegreeLongitude, altitude: altitude(at: second) + gpsAltitudeError(second),
                                             speed: moving ? speed : 0, course: 90, horizontalAccuracy: 5, verticalAccuracy: 8,
                                             speedAccuracy: 0.5)
                result.append((t, SensorReading(time: t, value: .location(location))))
            }
            for index in 0..<pressureHz {
                let time = t.addingTimeInterval(Double(index) / Double(pressureHz))
                let pascals = climb == nil ? 96_600
                    : Self.standardPressure(altitude: altitude(at: second)) + pressureError(second)
                result.append((time, SensorReading(time: time, value: .pressure(pascals: pascals))))
            }
            for index in 0..<motionHz {
                let time = t.addingTimeInterval(Double(index) / Double(motionHz))
                let phase = Double(index % (motionHz / 3)) / Double(motionHz / 3)
                let z = 9.80665 + (moving && phase < 0.1 ? 6 : 0)
                result.append((time, SensorReading(time: time, value: .motion(MotionReading(acceleration: SIMD3(0, 0, z))))))
            }
            let beat = SensorReading(time: t, value: .heartRate(HeartRateReading(beatsPerMinute: 120 + Double(second % 40),
                                                                                  rrIntervals: [0.5])))
            result.append((t.addingTimeInterval(0.3), beat))
        }
        return result.sorted { $0.0 < $1.0 }
    }
}
