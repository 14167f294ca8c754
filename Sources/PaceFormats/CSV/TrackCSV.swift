import Foundation
public import PaceModel

/// Reads and writes GPS tracks as CSV with a header line.
///
/// The reader takes the columns by name in any order: `t` (Unix seconds UTC), `lat`, `lon`
/// (WGS-84 degrees) are required; `ele` (m), `hacc`, `vacc` (68 % radius, m), `speed` (m/s),
/// `course` (degrees) and `pressure` (barometric, hPa) are optional, with `-1` or an empty field
/// meaning "not available". This is the format of the accuracy benchmark's noisy tracks. A row with an `ele` but no
/// usable `vacc` gets a vertical accuracy of 0, which Pace reads as "valid altitude, accuracy not
/// reported"; a row without `ele` gets −1, "no altitude".
///
/// ```swift
/// let locations = try TrackCSV.read(String(contentsOfFile: path), file: path)
/// let track = try TrackCSV.readTrack(String(contentsOfFile: path), file: path)   // with pressures
/// ```
public enum TrackCSV {
    /// The columns the reader understands.
    public static let knownColumns = ["t", "lat", "lon", "ele", "hacc", "vacc", "speed", "course", "pressure"]
    /// Pascals in one hectopascal.
    public static let pascalsPerHectopascal = 100.0
    /// Pressures believed, in hPa (``ActivityRecord/plausiblePressures``: 300–1100 hPa). A value
    /// outside is a unit mistake (pascals, say), reported rather than read as a huge climb.
    public static let plausiblePressures = ActivityRecord.plausiblePressures.lowerBound / pascalsPerHectopascal
        ... ActivityRecord.plausiblePressures.upperBound / pascalsPerHectopascal

    /// What a track CSV holds: the locations and, when the file has a `pressure` column, one
    /// barometric pressure per location.
    public struct Track: Sendable {
        /// The rows as route locations, in file order.
        public var locations: [RouteLocation]
        /// Barometric pressure in pascals at each location (NaN where the field is empty or `-1`);
        /// `nil` when the file has no `pressure` column.
        public var pressures: [Double]?

        /// Creates a track.
        public init(locations: [RouteLocation], pressures: [Double]?) {
            self.locations = locations
            self.pressures = pressures
        }
    }

    /// Parses CSV text into route locations, in file order (any `pressure` column is checked but
    /// dropped; ``readTrack(_:file:)`` keeps it).
    ///
    /// - Parameters:
    ///   - text: The whole CSV text.
    ///   - file: A name for error messages.
    /// - Throws: ``TrackCSVError`` naming the line and column of the first bad field.
    public static func read(_ text: String, file: String? = nil) throws(TrackCSVError) -> [RouteLocation] {
        try readTrack(text, file: file).locations
    }

    /// Parses CSV text into route locations and barometric pressures, in file order.
    ///
    /// - Parameters:
    ///   - text: The whole CSV text.
    ///   - file: A name for error messages.
    /// - Throws: ``TrackCSVError`` naming the line and column of the first bad field, including a
    ///   pressure outside ``plausiblePressures`` hPa.
    public static func readTrack(_ text: String, file: String? = nil) throws(TrackCSVError) -> Track {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).makeIterator()
        var lineNumber = 0
        var header: [Substring]?
        while header == nil, let line = lines.next() {
            lineNumber += 1
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { header = line.split(separator: ",", omittingEmptySubsequences: false) }
        }
        guard let header else {
            throw TrackCSVError(file: file, line: nil, column: nil, reason: "the file is empty; expected a header line such as t,lat,lon,ele,hacc,vacc,speed,course")
        }
        let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func index(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let t = index("t"), let lat = index("lat"), let lon = index("lon") else {
            throw TrackCSVError(file: file, line: lineNumber, column: nil,
                reason: "the header must name the columns t, lat and lon (found \(names.joined(separator: ",")))")
        }
        let optional = (ele: index("ele"), hacc: index("hacc"), vacc: index("vacc"), speed: index("speed"), course: index("course"),
                        pressure: index("pressure"))
        var locations: [RouteLocation] = []
        var pressures: [Double] = []
        while let line = lines.next() {
            lineNumber += 1
            if line.allSatisfy(\.isWhitespace) { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == names.count else {
                throw TrackCSVError(file: file, line: lineNumber, column: nil,
                    reason: "expected \(names.count) fields as in the header, found \(fields.count)")
            }
            func number(_ column: Int?, required: Bool) throws(TrackCSVError) -> Double? {
                guard let column else { return nil }
                let field = fields[column].trimmingCharacters(in: .whitespaces)
                if field.isEmpty {
                    if required {
                        throw TrackCSVError(file: file, line: lineNumber, column: column + 1, reason: "\(names[column]) is empty")
                    }
                    return nil
                }
                guard let value = Double(field) else {
                    throw TrackCSVError(file: file, line: lineNumber, column: column + 1,
                        reason: "\(names[column]) '\(field)' is not a number")
                }
                return value
            }
            let time = try number(t, required: true) ?? 0
            let altitude = try number(optional.ele, required: false)
            let verticalAccuracy = try number(optional.vacc, required: false)
            if let column = optional.pressure {
                let hectopascals = try number(column, required: false) ?? -1
                if hectopascals == -1 {
                    pressures.append(.nan)
                } else if plausiblePressures.contains(hectopascals) {
                    pressures.append(hectopascals * pascalsPerHectopascal)
                } else {
                    throw TrackCSVError(file: file, line: lineNumber, column: column + 1,
                        reason: "pressure \(hectopascals) is not a pressure in hPa (expected \(Int(plausiblePressures.lowerBound))–\(Int(plausiblePressures.upperBound)), or -1 or empty for none)")
                }
            }
            locations.append(RouteLocation(
                timestamp: Date(timeIntervalSince1970: time),
                latitude: try number(lat, required: true) ?? 0,
                longitude: try number(lon, required: true) ?? 0,
                altitude: altitude ?? 0,
                speed: try number(optional.speed, required: false) ?? -1,
                course: try number(optional.course, required: false) ?? -1,
                horizontalAccuracy: try number(optional.hacc, required: false) ?? -1,
                verticalAccuracy: altitude == nil ? -1 : max(0, verticalAccuracy ?? 0)))
        }
        return Track(locations: locations, pressures: optional.pressure == nil ? nil : pressures)
    }
}
