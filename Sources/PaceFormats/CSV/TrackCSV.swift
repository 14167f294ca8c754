import Foundation
public import PaceModel

/// Reads and writes GPS tracks as CSV with a header line.
///
/// The reader takes the columns by name in any order: `t` (Unix seconds UTC), `lat`, `lon`
/// (WGS-84 degrees) are required; `ele` (m), `hacc`, `vacc` (68 % radius, m), `speed` (m/s),
/// `course` (degrees) are optional, with `-1` or an empty field meaning "not available".
/// This is the format of the accuracy benchmark's noisy tracks. A row with an `ele` but no
/// usable `vacc` gets a vertical accuracy of 0, which Pace reads as "valid altitude, accuracy not
/// reported"; a row without `ele` gets −1, "no altitude".
///
/// ```swift
/// let locations = try TrackCSV.read(String(contentsOfFile: path), file: path)
/// ```
public enum TrackCSV {
    /// The columns the reader understands.
    public static let knownColumns = ["t", "lat", "lon", "ele", "hacc", "vacc", "speed", "course"]

    /// Parses CSV text into route locations, in file order.
    ///
    /// - Parameters:
    ///   - text: The whole CSV text.
    ///   - file: A name for error messages.
    /// - Throws: ``TrackCSVError`` naming the line and column of the first bad field.
    public static func read(_ text: String, file: String? = nil) throws(TrackCSVError) -> [RouteLocation] {
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
        let optional = (ele: index("ele"), hacc: index("hacc"), vacc: index("vacc"), speed: index("speed"), course: index("course"))
        var locations: [RouteLocation] = []
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
        return locations
    }
}
