import Foundation
import PaceModel
import PaceStore
import PaceTrack
import PaceAnalysis

/// Turns a finished session's state and metrics into HealthKit objects: the workout with its
/// events, totals and statistics; heart-rate, distance, energy, cadence and power samples linked
/// to it; the route; and the summary.
///
/// Samples follow HealthKit's shapes: heart rate one instant sample per reading (at the sensor's
/// own rate); distance, energy and steps as interval samples over consecutive 10-second windows;
/// cadence and power as instant samples, each associated with the workout when it is saved
/// (``RecordedWorkout/association``). The workout goes through a `WorkoutBuilder` and the route through a `WorkoutRouteBuilder`, as
/// HealthKit's contract has it; the session then saves everything in one transaction.
struct WorkoutAssembler {
    /// Metadata key on the workout naming the recording session.
    static let sessionKey: MetadataKey = "org.pace.recordingSession"
    /// Window of interval samples, in seconds.
    static let window = 10.0

    let configuration: WorkoutSessionConfiguration
    let machine: SessionStateMachine
    let metrics: SessionMetrics
    let sessionID: UUID
    /// What the client attached: saved with the workout.
    var attachments = SessionAttachments()
    let store: HealthStore
    /// Route locations per insert into the route builder.
    static let routeBatch = 500

    func assemble() throws(StoreError) -> RecordedWorkout {
        let start = machine.startDate ?? metrics.latestTime ?? Date()
        let end = max(machine.endDate ?? start, start)
        let duration = WorkoutBuilder.duration(from: start, to: end, events: machine.events)
        let workoutID = UUID.timeOrdered()
        let source = Source(name: configuration.sourceName, bundleIdentifier: configuration.sourceBundleIdentifier)
        let device = configuration.deviceName.map { Device(name: $0) }
        var track = metrics.track
        let trackSummary = track.finish()
        // Elevation as a finished track has it: gain and loss, and the route's fused altitudes.
        let elevation = Self.finishedElevation(route: metrics.route, pressures: metrics.routePressures,
                                               activity: configuration.activityType)
        let activity = configuration.activityType
        let inWorkout = { (time: Date) in time >= start && time <= end }

        var samples: [HealthObject] = []
        let heartRates = metrics.heartRates.filter { inWorkout($0.time) }
        for reading in heartRates {
            samples.append(.quantitySample(QuantitySample(type: .heartRate, quantity: Quantity(value: reading.value, unit: .countPerMinute),
                                                          start: reading.time, end: reading.time, source: source, device: device)))
        }
        let distanceType: QuantityTypeIdentifier = [.cycling, .handCycling].contains(activity) ? .distanceCycling : .distanceWalkingRunning
        let work = Self.work(metrics.powers.filter { inWorkout($0.time) })
        let energyTotal = EnergyEstimate.kilocalories(activity: activity, bodyMass: configuration.bodyMass, distance: metrics.distance,
                                                      duration: duration, work: work)
        var windowStart = start
        var previousDistance = 0.0
        var distanceIndex = 0
        let distances = metrics.distances
        while windowStart < end {
            let windowEnd = min(end, windowStart.addingTimeInterval(Self.window))
            while distanceIndex < distances.count, distances[distanceIndex].time <= windowEnd { distanceIndex += 1 }
            let covered = distanceIndex > 0 ? distances[distanceIndex - 1].value : 0
            let delta = covered - previousDistance
            if delta > 0.01 || (windowEnd == end && delta > 0) {
                samples.append(.quantitySample(QuantitySample(type: distanceType, quantity: Quantity(value: delta, unit: .meter),
                                                              start: windowStart, end: windowEnd, source: source, device: device)))
                if metrics.distance > 0 {
                    let energy = energyTotal * delta / metrics.distance
                    samples.append(.quantitySample(QuantitySample(type: .activeEnergyBurned, quantity: Quantity(value: energy, unit: .kilocalorie),
                                                                  start: windowStart, end: windowEnd, source: source, device: device)))
                }
                previousDistance = covered
            }
            windowStart = windowEnd
        }
        if metrics.distance <= 0, energyTotal > 0, end > start {
            samples.append(.quantitySample(QuantitySample(type: .activeEnergyBurned, quantity: Quantity(value: energyTotal, unit: .kilocalorie),
                                                          start: start, end: end, source: source, device: device)))
        }
        let cycling = [.cycling, .handCycling].contains(activity)
        for reading in metrics.cadences where inWorkout(reading.time) && cycling {
            samples.append(.quantitySample(QuantitySample(type: .cyclingCadence, quantity: Quantity(value: reading.value, unit: .countPerMinute),
                                                          start: reading.time, end: reading.time, source: source, device: device)))
        }
        for reading in metrics.powers where inWorkout(reading.time) {
            samples.append(.quantitySample(QuantitySample(type: cycling ? .cyclingPower : .runningPower, quantity: Quantity(value: reading.value, unit: .watt),
                                                          start: reading.time, end: reading.time, source: source, device: device)))
        }

        var builder = WorkoutBuilder(store: store, activityType: activity, source: source, device: device)
        builder.metadata = [Self.sessionKey: .string(sessionID.uuidString)]
        // HealthKit's elevation totals, the same as the summary's.
        builder.metadata[.elevationAscended] = elevation.gain.map { .quantity(Quantity(value: $0, unit: .meter)) }
        builder.metadata[.elevationDescended] = elevation.loss.map { .quantity(Quantity(value: $0, unit: .meter)) }
        for (key, value) in attachments.metadata.values { builder.metadata[key] = value }
        try builder.beginCollection(at: start)
        try builder.add(samples.compactMap { if case .quantitySample(let sample) = $0 { sample } else { nil } })
        try builder.add(attachments.samples)
        try builder.add((attachments.includesSessionEvents ? machine.events : []) + attachments.events)
        try builder.endCollection(at: end)
        let (workout, savedSamples) = try builder.finishedObjects(id: workoutID)
        var routeBuilder = WorkoutRouteBuilder(store: store)
        let locations = configuration.savesRoute == false ? [] : elevation.route.filter { inWorkout($0.timestamp) }
        for batch in stride(from: 0, to: locations.count, by: Self.routeBatch) {
            try routeBuilder.insert(Array(locations[batch..<min(locations.count, batch + Self.routeBatch)]))
        }
        let route = try routeBuilder.finishedRoute(for: workoutID, source: source, device: device)
        let objects: [HealthObject] = [.workout(workout)] + savedSamples.map(HealthObject.quantitySample) + (route.map { [.workoutRoute($0)] } ?? [])
        let moving = min(trackSummary.movingTime, duration)
        let summary = WorkoutSummary(
            distance: metrics.distance, elapsedTime: end.timeIntervalSince(start), duration: duration, movingTime: moving,
            averageSpeed: moving > 0 ? metrics.distance / moving : nil,
            maximumSpeed: trackSummary.maximumSpeed > 0 ? trackSummary.maximumSpeed : nil,
            averageHeartRate: metrics.averageHeartRate, maximumHeartRate: heartRates.map(\.value).max(),
            timeInHeartRateZones: metrics.timeInZones,
            averageCadence: Self.average(metrics.cadences.filter { inWorkout($0.time) }.map(\.value)),
            averagePower: Self.average(metrics.powers.filter { inWorkout($0.time) }.map(\.value)),
            maximumPower: metrics.powers.filter { inWorkout($0.time) }.map(\.value).max(),
            elevationGain: elevation.gain, elevationLoss: elevation.loss, activeEnergy: energyTotal,
            kilometerSplits: trackSummary.kilometerSplits.map {
                WorkoutSummary.SplitSummary(index: $0.index, distance: $0.distance, elapsedTime: $0.elapsedDuration, movingTime: $0.movingDuration)
            },
            laps: laps(start: start, end: end),
            fixCount: trackSummary.fixCount, acceptedFixCount: trackSummary.acceptedFixCount, heartRateCount: heartRates.count)
        return RecordedWorkout(workout: workout, route: route, objects: objects, summary: summary)
    }

    private func laps(start: Date, end: Date) -> [WorkoutSummary.LapSummary] {
        var intervals = machine.events.filter { $0.type == .lap }.map { ($0.startDate, $0.endDate) }
        if intervals.isEmpty { intervals = [(start, end)] }
        return intervals.map { lapStart, lapEnd in
            let before = metrics.distances.last { $0.time <= lapStart }?.value ?? 0
            let after = metrics.distances.last { $0.time <= lapEnd }?.value ?? before
            let rates = metrics.heartRates.filter { $0.time >= lapStart && $0.time <= lapEnd }.map(\.value)
            return WorkoutSummary.LapSummary(start: lapStart, duration: lapEnd.timeIntervalSince(lapStart), distance: max(0, after - before),
                                             averageHeartRate: Self.average(rates))
        }
    }

    private static func average(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// Mechanical work in joules from a power series (trapezoids, gaps over 5 s not bridged).
    private static func work(_ powers: [(time: Date, value: Double)]) -> Double? {
        guard powers.count > 1 else { return nil }
        var joules = 0.0
        for index in 1..<powers.count {
            let span = powers[index].time.timeIntervalSince(powers[index - 1].time)
            if span > 0, span <= 5 { joules += span * (powers[index].value + powers[index - 1].value) / 2 }
        }
        return joules
    }
}
