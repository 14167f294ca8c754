import Foundation

extension GPSDTPV: Decodable {
    private enum Key: String, CodingKey {
        case device, mode, status, time, ept, lat, lon, altHAE, altMSL, alt, geoidSep, epx, epy, epv, eph, sep
        case track, magtrack, magvar, speed, climb, epd, eps, epc, velN, velE, velD
        case ecefx, ecefy, ecefz, ecefvx, ecefvy, ecefvz, ecefpAcc, ecefvAcc, dgpsAge, dgpsSta, leapseconds
    }

    /// Decodes a gpsd TPV object. `mode` is required; a `time` that is not gpsd's ISO 8601 UTC form
    /// and fields of the wrong JSON type are errors.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(mode: try c.decode(GPSDFixMode.self, forKey: .mode))
        device = try c.decodeIfPresent(String.self, forKey: .device)
        status = try c.decodeIfPresent(Int.self, forKey: .status).flatMap(GPSDFixStatus.init(rawValue:))
        if let text = try c.decodeIfPresent(String.self, forKey: .time) {
            guard let date = GPSDTime.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: .time, in: c,
                                                       debugDescription: "\"\(text)\" is not an ISO 8601 UTC time")
            }
            time = date
        }
        func number(_ key: Key) throws -> Double? { try c.decodeIfPresent(Double.self, forKey: key) }
        timeError = try number(.ept)
        latitude = try number(.lat)
        longitude = try number(.lon)
        altitudeHAE = try number(.altHAE)
        altitudeMSL = try number(.altMSL)
        legacyAltitude = try number(.alt)
        geoidSeparation = try number(.geoidSep)
        longitudeError = try number(.epx)
        latitudeError = try number(.epy)
        verticalError = try number(.epv)
        horizontalError = try number(.eph)
        sphericalError = try number(.sep)
        track = try number(.track)
        magneticTrack = try number(.magtrack)
        magneticVariation = try number(.magvar)
        speed = try number(.speed)
        climb = try number(.climb)
        trackError = try number(.epd)
        speedError = try number(.eps)
        climbError = try number(.epc)
        velocityNorth = try number(.velN)
        velocityEast = try number(.velE)
        velocityDown = try number(.velD)
        if let x = try number(.ecefx), let y = try number(.ecefy), let z = try number(.ecefz) {
            ecefPosition = SIMD3(x, y, z)
        }
        if let x = try number(.ecefvx), let y = try number(.ecefvy), let z = try number(.ecefvz) {
            ecefVelocity = SIMD3(x, y, z)
        }
        ecefPositionAccuracy = try number(.ecefpAcc)
        ecefVelocityAccuracy = try number(.ecefvAcc)
        differentialAge = try number(.dgpsAge)
        differentialStation = try c.decodeIfPresent(Int.self, forKey: .dgpsSta)
        leapSeconds = try c.decodeIfPresent(Int.self, forKey: .leapseconds)
    }
}
