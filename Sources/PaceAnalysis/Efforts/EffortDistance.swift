/// A distance whose fastest time inside a workout is tracked as a best effort and a record.
///
/// ```swift
/// EffortDistance.standard.map(\.name)   // ["400m", "1km", "1mi", "5km", "10km", "halfMarathon", "marathon"]
/// EffortDistance.mile.meters            // 1609.344
/// ```
public struct EffortDistance: Hashable, Sendable, Codable {
    /// A stable name for JSON and the command line, e.g. `"5km"`.
    public var name: String
    /// The distance in metres.
    public var meters: Double

    /// Creates an effort distance.
    ///
    /// - Parameters:
    ///   - name: A stable name, e.g. `"5km"`.
    ///   - meters: The distance in metres (positive).
    public init(name: String, meters: Double) {
        self.name = name
        self.meters = meters
    }

    /// 400 m.
    public static let fourHundredMeters = EffortDistance(name: "400m", meters: 400)
    /// 1 km.
    public static let kilometer = EffortDistance(name: "1km", meters: 1000)
    /// 1 international mile, 1609.344 m.
    public static let mile = EffortDistance(name: "1mi", meters: 1609.344)
    /// 5 km.
    public static let fiveKilometers = EffortDistance(name: "5km", meters: 5000)
    /// 10 km.
    public static let tenKilometers = EffortDistance(name: "10km", meters: 10_000)
    /// The half marathon, 21.0975 km.
    public static let halfMarathon = EffortDistance(name: "halfMarathon", meters: 21_097.5)
    /// The marathon, 42.195 km.
    public static let marathon = EffortDistance(name: "marathon", meters: 42_195)

    /// The distances analysed by default, shortest first.
    public static let standard: [EffortDistance] = [
        .fourHundredMeters, .kilometer, .mile, .fiveKilometers, .tenKilometers, .halfMarathon, .marathon,
    ]
}
