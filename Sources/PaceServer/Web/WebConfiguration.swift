import Foundation

/// What the web pages load from outside Pace: the map and chart libraries (installed as system
/// packages, never copied into Pace) and the map tiles.
public struct WebConfiguration: Sendable {
    /// The folder holding Leaflet's `leaflet.js`, `leaflet.css` and `images/` (Debian's
    /// `libjs-leaflet` installs them in `/usr/share/javascript/leaflet`).
    public var leafletFolder: String
    /// The folder holding Chart.js's `chart.min.js` (Debian's `libjs-chart.js`:
    /// `/usr/share/javascript/chart.js`).
    public var chartFolder: String
    /// The tile URL template (`{z}`, `{x}`, `{y}`, optionally `{s}`), or empty for no tiles: the
    /// route then draws on a plain background.
    public var tileURL: String
    /// The tiles' attribution, shown on the map.
    public var tileAttribution: String
    /// The deepest zoom level the tiles have.
    public var tileMaximumZoom: Int

    /// Creates a configuration; the defaults are Debian's folders and OpenStreetMap's standard tiles.
    public init(leafletFolder: String = "/usr/share/javascript/leaflet", chartFolder: String = "/usr/share/javascript/chart.js",
                tileURL: String = "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
                tileAttribution: String = "© OpenStreetMap contributors", tileMaximumZoom: Int = 19) {
        self.leafletFolder = leafletFolder
        self.chartFolder = chartFolder
        self.tileURL = tileURL
        self.tileAttribution = tileAttribution
        self.tileMaximumZoom = tileMaximumZoom
    }

    /// The tiles' origin (`https://tile.openstreetmap.org`), which the pages' content security
    /// policy allows images from; `nil` without tiles or for a template that names no origin.
    var tileOrigin: String? {
        guard let schemeEnd = tileURL.range(of: "://") else { return nil }
        let rest = tileURL[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty else { return nil }
        // A `{s}` subdomain placeholder becomes a wildcard, as the policy's grammar allows.
        let pattern = host.replacingOccurrences(of: "{s}", with: "*")
        return String(tileURL[..<schemeEnd.upperBound]) + pattern
    }
}
