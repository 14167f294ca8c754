import Foundation

/// The TCX elements ``TCXParseHandler`` acts on, recognised from a local name without allocating.
///
/// Matching is exact (TCX element names are case-sensitive) and ignores any `prefix:`; every other
/// name is ``other``. The raw value is the element's name, as warnings print it.
enum TCXTag: String, CaseIterable {
    case other = ""
    case trainingCenterDatabase = "TrainingCenterDatabase"
    case activity = "Activity", activityRef = "ActivityRef", course = "Course", courses = "Courses"
    case id = "Id", notes = "Notes", name = "Name", creator = "Creator"
    case lap = "Lap", track = "Track", trackpoint = "Trackpoint", position = "Position", time = "Time"
    case latitudeDegrees = "LatitudeDegrees", longitudeDegrees = "LongitudeDegrees"
    case altitudeMeters = "AltitudeMeters", distanceMeters = "DistanceMeters"
    case heartRateBpm = "HeartRateBpm", averageHeartRateBpm = "AverageHeartRateBpm", maximumHeartRateBpm = "MaximumHeartRateBpm"
    case value = "Value", cadence = "Cadence"
    case tpx = "TPX", speed = "Speed", runCadence = "RunCadence", watts = "Watts"
    case totalTimeSeconds = "TotalTimeSeconds", calories = "Calories", maximumSpeed = "MaximumSpeed"
    case intensity = "Intensity", triggerMethod = "TriggerMethod"
    case lx = "LX", avgSpeed = "AvgSpeed", maxBikeCadence = "MaxBikeCadence", avgRunCadence = "AvgRunCadence"
    case maxRunCadence = "MaxRunCadence", steps = "Steps", avgWatts = "AvgWatts", maxWatts = "MaxWatts"

    /// Whether the element's text is a value the reader reads (not a container of other elements).
    var holdsValue: Bool {
        switch self {
        case .other, .trainingCenterDatabase, .activity, .activityRef, .course, .courses, .creator, .lap, .track, .trackpoint,
             .position, .heartRateBpm, .averageHeartRateBpm, .maximumHeartRateBpm, .tpx, .lx:
            false
        default:
            true
        }
    }

    /// The known names' bytes, grouped by their length (the index).
    private static let byLength: [[(tag: TCXTag, bytes: [UInt8])]] = {
        var table = [[(tag: TCXTag, bytes: [UInt8])]](repeating: [], count: 24)
        for tag in allCases where tag != .other { table[tag.rawValue.utf8.count].append((tag, Array(tag.rawValue.utf8))) }
        return table
    }()

    /// The tag of a local name (its UTF-8 bytes).
    init(localName: UnsafeRawBufferPointer) {
        self = .other
        guard localName.count < Self.byLength.count else { return }
        guard let name = localName.baseAddress else { return }
        for candidate in Self.byLength[localName.count]
        where candidate.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, name, localName.count) == 0 }) {
            self = candidate.tag
            return
        }
    }
}
