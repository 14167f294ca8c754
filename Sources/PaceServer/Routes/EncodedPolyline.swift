/// Google's encoded polyline format: each latitude and longitude rounded to 1e-5 degrees, written
/// as the difference from the previous point, zig-zag signed, in 5-bit groups offset into
/// printable ASCII. What map libraries (Leaflet plugins, Google Maps, Mapbox) decode.
enum EncodedPolyline {
    /// The encoding of points given in degrees, in order.
    static func encode(_ points: [(latitude: Double, longitude: Double)]) -> String {
        var text = ""
        text.reserveCapacity(points.count * 8)
        var previous = (latitude: 0, longitude: 0)
        for point in points {
            let latitude = Int((point.latitude * 1e5).rounded()), longitude = Int((point.longitude * 1e5).rounded())
            append(latitude - previous.latitude, to: &text)
            append(longitude - previous.longitude, to: &text)
            previous = (latitude, longitude)
        }
        return text
    }

    /// Appends one signed difference.
    private static func append(_ difference: Int, to text: inout String) {
        var value = difference < 0 ? ~(difference << 1) : difference << 1
        while value >= 0x20 {
            text.unicodeScalars.append(Unicode.Scalar(UInt8((0x20 | (value & 0x1f)) + 63)))
            value >>= 5
        }
        text.unicodeScalars.append(Unicode.Scalar(UInt8(value + 63)))
    }
}
