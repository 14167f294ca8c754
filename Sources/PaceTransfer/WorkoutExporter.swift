public import Foundation
public import PaceFormats
import PaceModel
public import PaceStore
import PaceTrack

/// The formats `pace export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// GPX 1.1 with Garmin TrackPointExtension (heart rate, cadence), a segment per pause.
    case gpx
    /// TCX v2 with laps and the ActivityExtension (speed, power).
    case tcx
    /// A FIT activity file: records, laps, pauses as timer events, session and activity messages.
    case fit
    /// `t,lat,lon,ele,speed,dist`, the track CSV.
    case csv

    /// The usual file extension.
    public var fileExtension: String { rawValue }
}

/// Why a workout could not be exported.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and what to do.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// Turns a stored workout, its routes and its heart-rate, cadence and power samples back into a
/// file.
///
/// ```swift
/// let gpx = try WorkoutExporter(store: store).export(workoutID: id, as: .gpx)
/// ```
public struct WorkoutExporter: Sendable {
    /// What is read: the whole store (its owner), or one client's view of it.
    private let reader: WorkoutExportReader

    /// Creates an exporter reading the whole store, as its owner (`pace export`).
    public init(store: HealthStore) { reader = .owner(store) }

    /// Creates an exporter reading what one client may see (the server's token view): its routes and
    /// samples of types it may not read are only its own.
    public init(store: AuthorizedStore) { reader = .client(store) }

    /// The file's bytes.
    ///
    /// - Throws: ``ExportError`` when the workout does not exist or the format cannot hold it,
    ///   or the store's error.
    public func export(workoutID: UUID, as format: ExportFormat) async throws -> Data {
        let activity = try await recordedActivity(workoutID: workoutID)
        switch format {
        case .gpx:
            // The writer leaves out a time it cannot write; an export refuses instead of losing it.
            let times = [activity.laps.first?.startTime].compactMap { $0 } + activity.records.compactMap(\.time)
            if let time = times.first(where: { !GPXWriter.canWrite($0) }) {
                throw ExportError(message: "the workout has a time \(time.timeIntervalSince1970) s from 1970, outside the years "
                    + "0000–9999 a GPX file can hold; export it as CSV, which keeps any time")
            }
            return GPXWriter().data(for: activity, metadataTime: activity.laps.first?.startTime)
        case .tcx:
            do { return try TCXWriter().write(activity) } catch { throw ExportError(message: error.description) }
        case .fit:
            return FITActivityWriter().write(activity)
        case .csv:
            var writer = TrackCSVWriter()
            var distance = 0.0
            var previous: ActivityRecord?
            for record in activity.records {
                guard let time = record.time, let latitude = record.latitude, let longitude = record.longitude else { continue }
                if let previous, let lat0 = previous.latitude, let lon0 = previous.longitude {
                    let step = Geodesic.wgs84.distance(latitude1: lat0, longitude1: lon0, latitude2: latitude, longitude2: longitude)
                    if step.isFinite { distance += step }
                }
                writer.append(.init(time: time.timeIntervalSince1970, latitude: latitude, longitude: longitude,
                                    altitude: record.altitude ?? .nan, speed: record.speed ?? .nan, distance: distance))
                previous = record
            }
            return Data(writer.csv.utf8)
        }
    }

    /// The workout as a recorded activity: its routes' locations with the heart rate, cadence and
    /// power samples nearest in time (within 2 s), its laps and its pauses.
    ///
    /// - Throws: ``ExportError`` when no workout has this UUID.
    public func recordedActivity(workoutID: UUID) async throws -> RecordedActivity {
        guard let workout = try await reader.workout(id: workoutID) else {
            throw ExportError(message: "No workout with UUID \(workoutID.uuidString) in the store. Run 'pace list' to see the workouts.")
        }
        let locations = try await reader.routes(forWorkout: workoutID).flatMap(\.locations).sorted { $0.timestamp < $1.timestamp }
        let series = try await SampleSeries(reader: reader, workout: workout)
        var records: [ActivityRecord] = locations.map { location in
            ActivityRecord(time: location.timestamp, latitude: location.latitude, longitude: location.longitude,
                           altitude: location.verticalAccuracy < 0 ? nil : location.altitude,
                           speed: location.speed >= 0 ? location.speed : nil,
                           course: location.course >= 0 ? location.course : nil,
                           horizontalAccuracy: location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil,
                           verticalAccuracy: location.verticalAccuracy > 0 ? location.verticalAccuracy : nil)
        }
        if records.isEmpty {
            records = series.heartRate.map { ActivityRecord(time: $0.time, heartRate: $0.value) }
        } else {
            for index in records.indices {
                guard let time = records[index].time else { continue }
                records[index].heartRate = series.heartRate.nearest(to: time)
                records[index].cadence = series.cadence.nearest(to: time)
                records[index].power = series.power.nearest(to: time)
            }
        }
        var timerEvents: [ActivityTimerEvent] = []
        for event in workout.events {
            switch event.type {
            case .pause, .motionPaused: timerEvents.append(ActivityTimerEvent(kind: .pause, time: event.startDate))
            case .resume, .motionResumed: timerEvents.append(ActivityTimerEvent(kind: .resume, time: event.startDate))
            default: break
            }
        }
        return RecordedActivity(sport: workout.activityType.name,
                                name: workout.metadata["org.pace.name"]?.stringValue,
                                identifier: workout.metadata[.externalUUID]?.stringValue ?? workout.id.uuidString,
                                laps: Self.laps(of: workout, records: records), timerEvents: timerEvents,
                                deviceName: workout.device?.name,
                                totalAscent: Self.meters(workout.metadata[.elevationAscended]),
                                totalDescent: Self.meters(workout.metadata[.elevationDescended]))
    }

    /// A length metadata value in metres, nil when absent or not a length.
    private static func meters(_ value: MetadataValue?) -> Double? {
        guard case .quantity(let quantity)? = value else { return nil }
        return try? quantity.doubleValue(for: .meter)
    }

    /// Laps from the workout's lap events, or one lap with the workout's totals.
    private static func laps(of workout: Workout, records: [ActivityRecord]) -> [ActivityLap] {
        let lapEvents = workout.events.filter { $0.type == .lap }.sorted { $0.startDate < $1.startDate }
        guard lapEvents.count > 1 else {
            return [ActivityLap(startTime: workout.startDate, totalElapsedTime: workout.endDate.timeIntervalSince(workout.startDate),
                                totalTimerTime: workout.duration,
                                distance: try? workout.totalDistance?.doubleValue(for: .meter),
                                calories: try? workout.totalEnergyBurned?.doubleValue(for: .kilocalorie),
                                records: records)]
        }
        return lapEvents.enumerated().map { index, event in
            let end = index + 1 < lapEvents.count ? lapEvents[index + 1].startDate : workout.endDate
            let inLap = records.filter { record in
                guard let time = record.time else { return false }
                return time >= event.startDate && (time < end || index == lapEvents.count - 1)
            }
            func stated(_ key: MetadataKey, _ unit: HealthUnit) -> Double? {
                guard case .quantity(let quantity)? = event.metadata[key] else { return nil }
                return try? quantity.doubleValue(for: unit)
            }
            return ActivityLap(startTime: event.startDate, totalElapsedTime: end.timeIntervalSince(event.startDate),
                               totalTimerTime: stated(.lapTimerTime, .second) ?? (event.duration > 0 ? event.duration : nil),
                               distance: stated(.lapDistance, .meter), calories: stated(.lapEnergy, .kilocalorie),
                               records: inLap)
        }
    }
}

/// Time series of one sample type over a workout, for matching to route locations.
private struct TimedSeries {
    var values: [(time: Date, value: Double)]

    /// The value nearest to `time` within 2 s, or `nil`.
    func nearest(to time: Date) -> Double? {
        guard !values.isEmpty else { return nil }
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle].time < time { low = middle + 1 } else { high = middle }
        }
        let candidates = [low - 1, low].filter { values.indices.contains($0) }
        guard let best = candidates.min(by: { abs(values[$0].time.timeIntervalSince(time)) < abs(values[$1].time.timeIntervalSince(time)) }),
              abs(values[best].time.timeIntervalSince(time)) <= 2 else { return nil }
        return values[best].value
    }

    func map<T>(_ transform: ((time: Date, value: Double)) -> T) -> [T] { values.map(transform) }
}

/// The heart-rate, cadence and power samples that belong to a workout (``SamplePredicate/workout(_:)``).
private struct SampleSeries {
    var heartRate: TimedSeries
    var cadence: TimedSeries
    var power: TimedSeries

    init(reader: WorkoutExportReader, workout: Workout) async throws {
        func series(_ type: QuantityTypeIdentifier, _ unit: HealthUnit) async throws -> TimedSeries {
            var values: [(time: Date, value: Double)] = []
            for sample in try await reader.quantitySamples(matching: type, predicate: .workout(workout.id)) {
                guard sample.count > 1 else {
                    if let value = try? sample.quantity.doubleValue(for: unit) { values.append((sample.startDate, value)) }
                    continue
                }
                // A series sample (DECISIONS 172): each of its values at its own time.
                for value in try await reader.seriesValues(of: sample.id) ?? [] {
                    if let converted = try? Quantity(value: value.value, unit: type.canonicalUnit).doubleValue(for: unit) {
                        values.append((value.start, converted))
                    }
                }
            }
            return TimedSeries(values: values.sorted { $0.time < $1.time })
        }
        heartRate = try await series(.heartRate, .countPerMinute)
        cadence = workout.activityType == .cycling ? try await series(.cyclingCadence, .countPerMinute) : TimedSeries(values: [])
        power = try await series(workout.activityType == .cycling ? .cyclingPower : .runningPower, .watt)
    }
}

/// The store an exporter reads, as its owner or as one client.
private enum WorkoutExportReader: Sendable {
    case owner(HealthStore)
    case client(AuthorizedStore)

    func workout(id: UUID) async throws(StoreError) -> Workout? {
        switch self {
        case .owner(let store): return try await store.workout(id: id)
        case .client(let store):
            if case .workout(let workout)? = try await store.object(id: id) { return workout }
            return nil
        }
    }

    func routes(forWorkout id: UUID) async throws(StoreError) -> [WorkoutRoute] {
        switch self {
        case .owner(let store): try await store.routes(forWorkout: id)
        case .client(let store): try await store.routes(forWorkout: id)
        }
    }

    func seriesValues(of id: UUID) async throws(StoreError) -> [TimedQuantity]? {
        switch self {
        case .owner(let store): try await store.seriesValues(of: id)
        case .client(let store): try await store.seriesValues(of: id)
        }
    }

    func quantitySamples(matching type: QuantityTypeIdentifier, predicate: SamplePredicate) async throws(StoreError) -> [QuantitySample] {
        switch self {
        case .owner(let store): return try await store.quantitySamples(matching: type, predicate: predicate)
        case .client(let store):
            return try await store.samples(matching: .quantity(type), predicate: predicate).compactMap { object in
                if case .quantitySample(let sample) = object { sample } else { nil }
            }
        }
    }
}
