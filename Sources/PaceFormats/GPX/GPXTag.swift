/// The GPX elements ``GPXStreamParser`` acts on, recognised from a local name without allocating.
///
/// Matching ignores ASCII case and any `prefix:`, so Garmin's `gpxtpx:hr`, Cluetrust's
/// `gpxdata:heartrate` and Apple Health's bare `<speed>` all map to a value.
enum GPXTag: UInt8 {
    case other, gpx, metadata, trk, trkseg, trkpt, rte, rtept, wpt
    case name, desc, cmt, type, sym, time
    case ele, heartRate, cadence, temperature, speed, course, power, horizontalAccuracy, verticalAccuracy

    /// The tag of a local name.
    init(localName name: UnsafeRawBufferPointer) {
        @inline(__always) func named(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard name.count == count else { return false }
            let bytes = literal.utf8Start
            for index in 0..<count where name[index] | 0x20 != bytes[index] | 0x20 { return false }
            return true
        }
        switch name.count {
        case 2:
            self = named("hr") ? .heartRate : .other
        case 3:
            if named("ele") { self = .ele } else if named("cad") { self = .cadence } else if named("trk") { self = .trk }
            else if named("rte") { self = .rte } else if named("wpt") { self = .wpt } else if named("gpx") { self = .gpx }
            else if named("cmt") { self = .cmt } else if named("sym") { self = .sym } else { self = .other }
        case 4:
            if named("time") { self = .time } else if named("name") { self = .name } else if named("desc") { self = .desc }
            else if named("type") { self = .type } else if named("temp") { self = .temperature } else if named("hacc") { self = .horizontalAccuracy }
            else if named("vacc") { self = .verticalAccuracy } else { self = .other }
        case 5:
            if named("trkpt") { self = .trkpt } else if named("rtept") { self = .rtept } else if named("atemp") { self = .temperature }
            else if named("speed") { self = .speed } else if named("power") { self = .power } else if named("watts") { self = .power }
            else { self = .other }
        case 6:
            if named("trkseg") { self = .trkseg } else if named("course") { self = .course } else { self = .other }
        case 7:
            self = named("cadence") ? .cadence : .other
        case 8:
            self = named("metadata") ? .metadata : .other
        case 9:
            self = named("heartrate") ? .heartRate : .other
        case 11:
            self = named("temperature") ? .temperature : .other
        case 12:
            self = named("powerinwatts") ? .power : .other
        case 17:
            self = named("accuracy_vertical") ? .verticalAccuracy : .other
        case 19:
            self = named("accuracy_horizontal") ? .horizontalAccuracy : .other
        default:
            self = .other
        }
    }
}
