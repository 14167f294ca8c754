public import Foundation

/// What an account chose for its pages: units, time zone and the heart rates its zones are
/// counted from. Stored per account in the server database (`accountSettings`).
public struct AccountSettings: Hashable, Sendable {
    /// Metric (kilometres, min/km, metres) or imperial (miles, min/mi, feet).
    public var units: Units
    /// The IANA name of the zone dates are shown in, e.g. `Europe/Paris`.
    public var timeZone: String
    /// The maximum heart rate in beats per minute; `nil` for the analysis's default (190).
    public var maximumHeartRate: Double?
    /// The resting heart rate in beats per minute; when set, zones are of the reserve (Karvonen).
    public var restingHeartRate: Double?
    /// Whether maps draw the server's tiles under routes, or routes alone on a plain background.
    public var mapTiles: MapTiles

    /// The systems of units the pages write figures in.
    public enum Units: String, Sendable, CaseIterable {
        /// Kilometres, minutes per kilometre, metres.
        case metric
        /// Miles, minutes per mile, feet.
        case imperial
    }

    /// What maps draw under a route.
    public enum MapTiles: String, Sendable, CaseIterable {
        /// The tiles the server is configured with (OpenStreetMap's by default).
        case server
        /// No tiles: the route on a plain background, and no request from the browser to a tile server.
        case none
    }

    /// Creates settings (not validated; see ``problems()``).
    public init(units: Units = .metric, timeZone: String = "UTC", maximumHeartRate: Double? = nil, restingHeartRate: Double? = nil,
                mapTiles: MapTiles = .server) {
        self.units = units
        self.timeZone = timeZone
        self.maximumHeartRate = maximumHeartRate
        self.restingHeartRate = restingHeartRate
        self.mapTiles = mapTiles
    }

    /// The settings of an account that chose none: metric, UTC, default zones, the server's tiles.
    public static let standard = AccountSettings()

    /// The time zone dates are shown in (UTC if the stored name is no longer known).
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)! }

    /// The problems of these settings, by field (`timeZone`, `maximumHeartRate`, `restingHeartRate`);
    /// empty when they can be stored.
    public func problems() -> [String: String] {
        var problems: [String: String] = [:]
        // The IANA names the system knows (its tz database); without one, what Foundation can open.
        let known = TimeZone.knownTimeZoneIdentifiers
        let isKnown = timeZone == "UTC" || (known.isEmpty ? TimeZone(identifier: timeZone) != nil : known.contains(timeZone))
        if !isKnown {
            problems["timeZone"] = "'\(timeZone)' is not an IANA time zone; write one such as Europe/Paris or America/New_York."
        }
        if let maximum = maximumHeartRate, !(100...240).contains(maximum) {
            problems["maximumHeartRate"] = "A maximum heart rate is between 100 and 240 bpm."
        }
        if let resting = restingHeartRate {
            if !(25...120).contains(resting) {
                problems["restingHeartRate"] = "A resting heart rate is between 25 and 120 bpm."
            } else if resting >= (maximumHeartRate ?? 190) {
                problems["restingHeartRate"] = "The resting heart rate is below the maximum."
            }
        }
        return problems
    }

    /// The settings table of the server database (a migration of ``AccountDirectory``).
    static let schema = """
        CREATE TABLE accountSettings (
            account TEXT PRIMARY KEY NOT NULL REFERENCES account (id) ON DELETE CASCADE,
            units TEXT NOT NULL CHECK (units IN ('metric', 'imperial')),
            timeZone TEXT NOT NULL,
            maximumHeartRate REAL,
            restingHeartRate REAL
        ) WITHOUT ROWID;
        """

    /// The map tiles' column (a later migration of ``AccountDirectory``); accounts that chose
    /// before it keep the server's tiles.
    static let mapTilesColumn = """
        ALTER TABLE accountSettings ADD COLUMN mapTiles TEXT NOT NULL DEFAULT 'server' CHECK (mapTiles IN ('server', 'none'));
        """
}
