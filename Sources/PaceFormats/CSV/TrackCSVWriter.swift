import Foundation

/// Writes a processed track as CSV: `t,lat,lon,ele,speed,dist`, and `gain` when asked.
///
/// `t` is Unix seconds UTC with millisecond precision, `lat`/`lon` WGS-84 degrees with 8
/// decimals (about 1 mm), `ele` metres (empty when unknown), `speed` m/s, `dist` the
/// cumulative odometer in metres, `gain` the cumulative elevation gain in metres (empty when
/// unknown). This is the output format the accuracy scorer reads.
public struct TrackCSVWriter {
    /// One output row.
    public struct Row: Sendable {
        /// Unix seconds UTC.
        public var time: Double
        /// Latitude, WGS-84 degrees.
        public var latitude: Double
        /// Longitude, WGS-84 degrees.
        public var longitude: Double
        /// Altitude in metres, NaN when unknown.
        public var altitude: Double
        /// Speed in m/s.
        public var speed: Double
        /// Cumulative distance in metres.
        public var distance: Double
        /// Cumulative elevation gain in metres, NaN when unknown (written only by a writer made
        /// with `includesGain`).
        public var gain: Double

        /// Creates a row.
        public init(time: Double, latitude: Double, longitude: Double, altitude: Double, speed: Double, distance: Double,
                    gain: Double = .nan) {
            self.time = time
            self.latitude = latitude
            self.longitude = longitude
            self.altitude = altitude
            self.speed = speed
            self.distance = distance
            self.gain = gain
        }
    }

    /// The header line, without a newline.
    public static let header = "t,lat,lon,ele,speed,dist"
    /// The header line with the `gain` column, without a newline.
    public static let headerWithGain = header + ",gain"

    private var text: String
    private let includesGain: Bool

    /// Starts a document with the header line.
    ///
    /// - Parameter includesGain: Whether rows end with the cumulative `gain` column.
    public init(includesGain: Bool = false) {
        self.includesGain = includesGain
        text = (includesGain ? Self.headerWithGain : Self.header) + "\n"
    }

    /// Appends one row.
    public mutating func append(_ row: Row) {
        text += String(format: "%.3f,%.8f,%.8f,", row.time, row.latitude, row.longitude)
        if row.altitude.isFinite { text += String(format: "%.2f", row.altitude) }
        text += String(format: ",%.3f,%.3f", row.speed.isFinite ? row.speed : 0.0, row.distance.isFinite ? row.distance : 0.0)
        if includesGain {
            text += ","
            if row.gain.isFinite { text += String(format: "%.2f", row.gain) }
        }
        text += "\n"
    }

    /// The CSV text so far.
    public var csv: String { text }
}
