import Foundation
import PaceModel

/// The state machine behind ``AppleHealthExportReader``: builds one object at a time from the
/// scanner's elements and hands it to the handler when its element ends, so memory stays flat
/// however large the export is.
final class AppleHealthExportParser {
    typealias Attributes = [String: String]

    struct Pending {
        var attributes: Attributes
        var line: Int
        var column: Int
        var metadata = Metadata()
    }

    struct PendingWorkout {
        var base: Pending
        var id = UUID.timeOrdered()
        var events: [WorkoutEvent] = []
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        var routes: [WorkoutRoute] = []
        /// The `<WorkoutActivity>` children (iOS 16 on): their statistics and metadata.
        var activities: [PendingActivity] = []
        /// Whether a `<WorkoutActivity>` is open (its children are the activity's, not the workout's).
        var inActivity = false

        /// The activity being read (the last one; only while ``inActivity``).
        var openActivity: PendingActivity {
            get { activities[activities.count - 1] }
            set { activities[activities.count - 1] = newValue }
        }
    }

    /// What a `<WorkoutActivity>` holds that the workout may lack.
    struct PendingActivity {
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        var metadata = Metadata()
    }

    struct PendingRoute {
        var base: Pending
        var locations: [RouteLocation] = []
        var filePath: String?
    }

    private let file: String
    private let routeFile: (String) throws -> Data?
    private let handler: (AppleHealthExportItem) throws -> Void
    private var scanner: XMLScanner?

    var summary = AppleHealthExportSummary()
    private(set) var failure: AppleHealthError?
    private(set) var sawRoot = false

    var depth = 0
    private var skipDepth = 0
    /// Parsed `device` strings and units: an export repeats a handful of each millions of times.
    private var devices: [String: Device?] = [:]
    private var units: [String: HealthUnit?] = [:]
    private static let maximumCached = 4096
    var record: Pending?
    var correlation: (base: Pending, quantities: [QuantitySample], categories: [CategorySample])?
    /// Whether top-level records take the fast path; tests turn it off to compare both paths.
    var usesFastPath = true
    /// The top-level record being read by the fast path (`AppleHealthExportParser+Records.swift`).
    var fastRecord: FastRecord?
    var recordTypes = ByteKeyedCache<RecordType>()
    var unitsByBytes = ByteKeyedCache<HealthUnit?>()
    var sources = ByteKeyedCache<Source>()
    var sourceKeyBytes: [UInt8] = []
    var devicesByBytes = ByteKeyedCache<Device?>()
    var metadataKeys = ByteKeyedCache<MetadataKey>()
    var metadataValues = ByteKeyedCache<MetadataValue>()
    var workout: PendingWorkout?
    var route: PendingRoute?

    init(file: String, routeFile: @escaping (String) throws -> Data?, handler: @escaping (AppleHealthExportItem) throws -> Void) {
        self.file = file
        self.routeFile = routeFile
        self.handler = handler
    }

    // MARK: Scanning

    /// Reads the whole document.
    /// - Throws: ``AppleHealthError`` (wrong root, unsafe route path, handler failure) or
    ///   ``XMLScanError`` (mapped by ``AppleHealthExportReader``).
    func run(_ scanner: XMLScanner) throws {
        self.scanner = scanner
        defer { self.scanner = nil }
        while true {
            switch try scanner.next() {
            case .startElement:
                if skipDepth > 0 {
                    depth += 1
                    skipDepth += 1
                    continue
                }
                if usesFastPath, startFast(scanner) { continue }
                let position = scanner.tokenPosition
                start(scanner.nameString, attributes: scanner.attributeDictionary(), line: position.line, column: position.column)
            case .endElement:
                end(skipDepth > 0 ? "" : scanner.nameString)
            case .text:
                continue
            case .endOfDocument:
                if let failure { throw failure }
                return
            }
            if let failure { throw failure }
        }
    }

    private func start(_ name: String, attributes: Attributes, line: Int, column: Int) {
        depth += 1
        let here = Pending(attributes: attributes, line: line, column: column)
        if depth == 1 {
            guard name == "HealthData" else {
                fail(.notAppleHealthExport, "the root element is <\(name)>, not <HealthData>; choose the export.xml "
                     + "from Apple Health's export (not export_cda.xml or another file).", here)
                return
            }
            sawRoot = true
            return
        }
        switch name {
        case "Record":
            fastRecord = nil
            record = here
        case "MetadataEntry":
            guard let key = attributes["key"], let value = attributes["value"] else { return }
            let entry = AppleHealthValues.metadataValue(value)
            if fastRecord != nil { fastRecord!.metadata[MetadataKey(rawValue: key)] = entry }
            else if record != nil { record!.metadata[MetadataKey(rawValue: key)] = entry }
            else if route != nil { route!.base.metadata[MetadataKey(rawValue: key)] = entry }
            else if workout?.inActivity == true, depth == 4 {
                workout!.openActivity.metadata[MetadataKey(rawValue: key)] = entry
            }
            else if workout != nil { workout!.base.metadata[MetadataKey(rawValue: key)] = entry }
            else if correlation != nil { correlation!.base.metadata[MetadataKey(rawValue: key)] = entry }
        case "Correlation" where depth == 2: correlation = (here, [], [])
        case "Workout" where depth == 2: workout = PendingWorkout(base: here)
        case "WorkoutEvent" where workout != nil && depth == 3: addEvent(here); skipDepth = 1 // children: not the workout's
        case "WorkoutStatistics" where workout != nil && depth == 3: addStatistics(here); skipDepth = 1
        case "WorkoutActivity" where workout != nil && depth == 3:
            workout!.activities.append(PendingActivity())
            workout!.inActivity = true
        // An activity's statistics; its events repeat the workout's own and are skipped.
        case "WorkoutStatistics" where workout?.inActivity == true && depth == 4: addStatistics(here); skipDepth = 1
        case "WorkoutRoute" where workout != nil && depth == 3: route = PendingRoute(base: here)
        case "FileReference" where route != nil: route!.filePath = attributes["path"]
        case "Location" where route != nil: addLocation(here)
        case "ExportDate" where depth == 2: summary.exportDate = attributes["value"].flatMap(AppleHealthValues.date)
        case "Me" where depth == 2: emit(.characteristics(characteristics(here)))
        case "ActivitySummary" where depth == 2: activitySummary(here)
        default:
            if depth == 2 { warn(.unknownElement, "<\(name)> is not imported by Pace; skipped.", here) }
            skipDepth = 1
        }
    }

    private func end(_ name: String) {
        defer { depth -= 1 }
        if skipDepth > 0 { skipDepth -= 1; return }
        switch name {
        case "Record":
            if depth == 2, let fast = fastRecord {
                fastRecord = nil
                finishFast(fast)
                return
            }
            guard let pending = record else { return }
            record = nil
            switch sample(pending) {
            case .quantity(let sample)?:
                if correlation != nil { correlation!.quantities.append(sample) }
                else { summary.quantitySampleCount += 1; emit(.quantitySample(sample)) }
            case .category(let sample)?:
                if correlation != nil { correlation!.categories.append(sample) }
                else { summary.categorySampleCount += 1; emit(.categorySample(sample)) }
            case nil: break
            }
        case "Correlation":
            guard let pending = correlation else { return }
            correlation = nil
            finishCorrelation(pending.base, pending.quantities, pending.categories)
        case "WorkoutRoute":
            guard let pending = route else { return }
            route = nil
            finishRoute(pending)
        case "WorkoutActivity":
            workout?.inActivity = false
        case "Workout":
            guard let pending = workout else { return }
            workout = nil
            finishWorkout(pending)
        default: break
        }
    }

    // MARK: Objects

    private enum Sample { case quantity(QuantitySample), category(CategorySample) }

    private func sample(_ pending: Pending) -> Sample? {
        let attributes = pending.attributes
        let typeName = attributes["type"] ?? ""
        guard let (start, end) = interval(pending, what: typeName) else { return nil }
        let source = makeSource(attributes)
        let device = self.device(attributes["device"])
        if let type = QuantityTypeIdentifier(rawValue: typeName) {
            guard let quantity = quantity(attributes["value"], attributes["unit"], pending, what: "\(typeName) record") else { return nil }
            let sample = QuantitySample(type: type, quantity: quantity, start: start, end: end, source: source,
                                        device: device, metadata: pending.metadata)
            return valid(sample, pending, what: "\(typeName) record") { try sample.validate() }.map(Sample.quantity)
        }
        if let type = CategoryTypeIdentifier(rawValue: typeName) {
            guard let value = attributes["value"].flatMap({ AppleHealthValues.categoryValue($0, type: type) }) else {
                warn(.invalidValue, "the value of a \(typeName) record is not one of its category values; record skipped.", pending)
                return nil
            }
            let sample = CategorySample(type: type, value: value, start: start, end: end, source: source,
                                        device: device, metadata: pending.metadata)
            return valid(sample, pending, what: "\(typeName) record") { try sample.validate() }.map(Sample.category)
        }
        warn(.unknownType, "record type '\(typeName)' is not known to Pace; record skipped.", pending)
        return nil
    }

    private func finishCorrelation(_ pending: Pending, _ quantities: [QuantitySample], _ categories: [CategorySample]) {
        let typeName = pending.attributes["type"] ?? ""
        guard let (start, end) = interval(pending, what: typeName) else { return }
        summary.correlationCount += 1
        emit(.correlation(AppleHealthCorrelation(
            type: typeName, startDate: start, endDate: end, source: makeSource(pending.attributes),
            device: device(pending.attributes["device"]), metadata: pending.metadata,
            quantitySamples: quantities, categorySamples: categories)))
    }

    private func finishWorkout(_ pending: PendingWorkout) {
        let attributes = pending.base.attributes
        let typeName = attributes["workoutActivityType"] ?? ""
        guard let activityType = WorkoutActivityType(hkIdentifier: typeName) else {
            warn(.unknownType, "workout activity type '\(typeName)' is not known to Pace; workout skipped.", pending.base)
            return
        }
        guard let (start, end) = interval(pending.base, what: "workout") else { return }
        var duration: TimeInterval?
        if attributes["duration"] != nil {
            guard let quantity = quantity(attributes["duration"], attributes["durationUnit"] ?? "min", pending.base, what: "workout duration"),
                  let seconds = try? quantity.doubleValue(for: .second) else { return }
            // The export rounds dates to whole seconds, so a duration may exceed the span by under a second.
            let span = end.timeIntervalSince(start)
            duration = seconds > span && seconds < span + 1 ? span : seconds
        }
        func total(_ value: String, _ unit: String) -> Quantity? {
            attributes[value] == nil ? nil : quantity(attributes[value], attributes[unit], pending.base, what: "workout \(value)")
        }
        // Exports from iOS 16 on leave the totals out of <Workout> and give them as <WorkoutStatistics>,
        // some only inside its <WorkoutActivity> children.
        let statistics = WorkoutActivityMerge.statistics(pending.statistics, activities: pending.activities.map(\.statistics))
        var metadata = pending.base.metadata
        WorkoutActivityMerge.fill(&metadata, from: pending.activities.map(\.metadata))
        let implied = Workout.totals(from: statistics)
        let workout = Workout(id: pending.id, activityType: activityType, start: start, end: end, duration: duration,
                              events: pending.events, statistics: statistics,
                              totalDistance: total("totalDistance", "totalDistanceUnit") ?? implied.distance,
                              totalEnergyBurned: total("totalEnergyBurned", "totalEnergyBurnedUnit") ?? implied.energy,
                              source: makeSource(attributes), device: device(attributes["device"]),
                              metadata: metadata)
        guard valid(workout, pending.base, what: "workout", { try workout.validate() }) != nil else { return }
        summary.workoutCount += 1
        emit(.workout(workout))
        for route in pending.routes where failure == nil {
            summary.workoutRouteCount += 1
            emit(.workoutRoute(route))
        }
    }

    private func finishRoute(_ pending: PendingRoute) {
        guard let workoutID = workout?.id else { return }
        var locations = pending.locations
        if let path = pending.filePath {
            let data: Data?
            do {
                data = try routeFile(path)
            } catch var error as AppleHealthError {
                if error.line == nil {
                    error.file = file
                    error.line = pending.base.line
                    error.column = pending.base.column
                }
                if failure == nil { failure = error }
                return
            } catch {
                warn(.unreadableRoute, "the route file '\(path)' cannot be read (\(error)); route skipped.", pending.base)
                return
            }
            guard let data else {
                warn(.unreadableRoute, "the route file '\(path)' cannot be read (it is not in the export); route skipped.", pending.base)
                return
            }
            do {
                let name = path.split(separator: "/").last.map(String.init) ?? path
                let document = try GPXReader().read(data: data, file: name)
                let records = document.tracks.flatMap(\.records) + document.routes.flatMap(\.points)
                locations += records.compactMap { record in
                    guard let time = record.time, let latitude = record.latitude, let longitude = record.longitude else { return nil }
                    return RouteLocation(timestamp: time, latitude: latitude, longitude: longitude, altitude: record.altitude ?? 0,
                                         speed: record.speed ?? -1, course: record.course ?? -1,
                                         horizontalAccuracy: record.horizontalAccuracy ?? -1,
                                         verticalAccuracy: record.verticalAccuracy ?? -1)
                }
            } catch {
                warn(.unreadableRoute, "the route file '\(path)' cannot be read (\(error.description)); route skipped.", pending.base)
                return
            }
        }
        guard !locations.isEmpty else {
            warn(.invalidValue, "a workout route has no locations; route skipped.", pending.base)
            return
        }
        let route = WorkoutRoute(workoutID: workoutID, locations: locations, source: makeSource(pending.base.attributes),
                                 device: device(pending.base.attributes["device"]),
                                 metadata: pending.base.metadata)
        if valid(route, pending.base, what: "workout route", { try route.validate() }) != nil {
            workout?.routes.append(route)
        }
    }

    // MARK: Helpers

    /// The device a `device` attribute describes, parsed once per distinct string.
    private func device(_ text: String?) -> Device? {
        guard let text else { return nil }
        if let cached = devices[text] { return cached }
        let parsed = AppleHealthValues.device(text)
        if devices.count >= Self.maximumCached { devices.removeAll(keepingCapacity: true) }
        devices[text] = .some(parsed)
        return parsed
    }

    /// The unit a `unit` attribute names, parsed once per distinct string.
    func healthUnit(_ text: String) -> HealthUnit? {
        if let cached = units[text] { return cached }
        let parsed = try? HealthUnit(parsing: text)
        if units.count >= Self.maximumCached { units.removeAll(keepingCapacity: true) }
        units[text] = .some(parsed)
        return parsed
    }

    private func makeSource(_ attributes: Attributes) -> Source {
        let name = attributes["sourceName"] ?? "Apple Health export"
        return Source(name: name, bundleIdentifier: name, version: attributes["sourceVersion"])
    }

    func interval(_ pending: Pending, what: String) -> (Date, Date)? {
        guard let start = pending.attributes["startDate"].flatMap(AppleHealthValues.date),
              let end = pending.attributes["endDate"].flatMap(AppleHealthValues.date) else {
            warn(.invalidDate, "a \(what) has a missing or unreadable startDate/endDate; skipped.", pending)
            return nil
        }
        guard end >= start else {
            warn(.invalidInterval, "a \(what) ends before it starts; skipped.", pending)
            return nil
        }
        return (start, end)
    }

    func quantity(_ value: String?, _ unit: String?, _ pending: Pending, what: String) -> Quantity? {
        guard let number = AppleHealthValues.number(value) else {
            warn(.invalidValue, "the value of a \(what) is not a number; skipped.", pending)
            return nil
        }
        guard let unitHealth = healthUnit(unit ?? "") else {
            warn(.invalidValue, "the unit '\(unit ?? "")' of a \(what) is not a unit Pace knows; skipped.", pending)
            return nil
        }
        return Quantity(value: number, unit: unitHealth)
    }

    func valid<T>(_ object: T, _ pending: Pending, what: String, _ check: () throws -> Void) -> T? {
        do {
            try check()
            return object
        } catch {
            warn(.invalidValue, "a \(what) is not valid (\(error)); skipped.", pending)
            return nil
        }
    }

    func emit(_ item: AppleHealthExportItem) {
        guard failure == nil else { return }
        do {
            try handler(item)
        } catch {
            let position = scanner?.currentPosition
            failure = AppleHealthError(code: .handlerFailed, message: "the handler threw an error; reading stopped. See the cause.",
                                       file: file, line: position?.line, column: position?.column, cause: error)
        }
    }

    func warn(_ code: AppleHealthWarning.Code, _ message: String, _ pending: Pending) {
        let warning = AppleHealthWarning(code: code, message: message, file: file, line: pending.line, column: pending.column)
        summary.warningCount += 1
        if summary.warnings.count < AppleHealthExportSummary.maximumKeptWarnings { summary.warnings.append(warning) }
        emit(.warning(warning))
    }

    private func fail(_ code: AppleHealthError.Code, _ message: String, _ pending: Pending) {
        guard failure == nil else { return }
        failure = AppleHealthError(code: code, message: message, file: file, line: pending.line, column: pending.column)
    }
}
