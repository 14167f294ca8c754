public import Foundation
public import PaceModel

/// Small, fully populated health objects for tests.
public enum TestObjects {
    /// 2026-11-20 07:00:00 UTC, a fixed instant with a fractional part to catch precision loss.
    public static let morning = Date(timeIntervalSince1970: 1_795_158_000.123_456)

    /// A source with every field set.
    public static let watch = Source(name: "Test Watch", bundleIdentifier: "org.pace.tests.watch",
                                     version: "2.1", productType: "Watch7,1", operatingSystemVersion: "11.0")

    /// A device with every field set.
    public static let strap = Device(name: "Strap", manufacturer: "Acme", model: "HR-9", hardwareVersion: "B",
                                     firmwareVersion: "4.2", softwareVersion: "1.0", localIdentifier: "C0:FF:EE:00:00:01",
                                     udiDeviceIdentifier: "(01)00012345678905")

    /// A heart-rate sample with device and metadata, from ``watch`` unless told otherwise.
    public static func heartRate(_ beatsPerMinute: Double = 142, at date: Date = morning, source: Source = watch,
                                 metadata: Metadata = [.heartRateMotionContext: .integer(2)]) -> QuantitySample {
        QuantitySample(type: .heartRate, quantity: Quantity(value: beatsPerMinute, unit: .countPerMinute),
                       start: date, end: date, source: source, device: strap, metadata: metadata)
    }

    /// A sleep sample (asleepCore).
    public static func sleep(at date: Date = morning) -> CategorySample {
        CategorySample(type: .sleepAnalysis, value: 3, start: date.addingTimeInterval(-3600), end: date, source: watch)
    }

    /// A 30-minute run with a pause, a lap, statistics, totals and metadata of every kind.
    public static func run(start: Date = morning, metadata extra: Metadata = Metadata()) -> Workout {
        var metadata: Metadata = [
            .indoorWorkout: .bool(false),
            .weatherTemperature: .quantity(Quantity(value: 54, unit: .degreeFahrenheit)),
            .timeZone: .string("Europe/Paris"),
            .averageMETs: .double(9.5),
            "org.pace.test.date": .date(start),
        ]
        for (key, value) in extra { metadata[key] = value }
        let end = start.addingTimeInterval(1860)
        return Workout(
            activityType: .running, start: start, end: end, duration: 1800,
            events: [
                WorkoutEvent(type: .pause, start: start.addingTimeInterval(600)),
                WorkoutEvent(type: .resume, start: start.addingTimeInterval(660)),
                WorkoutEvent(type: .lap, start: start, duration: 600, metadata: ["org.pace.lap": .integer(1)]),
            ],
            statistics: [
                .heartRate: WorkoutStatistics(type: .heartRate, start: start, end: end,
                    average: Quantity(value: 151, unit: .countPerMinute), minimum: Quantity(value: 98, unit: .countPerMinute),
                    maximum: Quantity(value: 178, unit: .countPerMinute), mostRecent: Quantity(value: 160, unit: .countPerMinute)),
                .distanceWalkingRunning: WorkoutStatistics(type: .distanceWalkingRunning, start: start, end: end,
                    sum: Quantity(value: 5.02, unit: .kilometer)),
            ],
            totalDistance: Quantity(value: 5.02, unit: .kilometer),
            totalEnergyBurned: Quantity(value: 412, unit: .kilocalorie),
            source: watch, device: strap, metadata: metadata)
    }

    /// A straight route of `count` fixes, one per second, heading north from Paris.
    public static func route(for workout: Workout, count: Int = 5) -> WorkoutRoute {
        let locations = (0..<count).map { index in
            RouteLocation(timestamp: workout.startDate.addingTimeInterval(Double(index)),
                          latitude: 48.8566 + Double(index) * 0.00003, longitude: 2.3522, altitude: 35.5 + Double(index),
                          speed: 3.3, course: 0.5, horizontalAccuracy: 4.5, verticalAccuracy: 6,
                          speedAccuracy: 0.3, courseAccuracy: 12)
        }
        return WorkoutRoute(workoutID: workout.id, locations: locations, source: watch, device: strap)
    }
}
