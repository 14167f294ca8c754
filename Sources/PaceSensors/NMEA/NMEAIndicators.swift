/// GGA field 6, the GPS quality indicator.
public enum NMEAFixQuality: Int, Hashable, Sendable {
    /// 0: fix not available or invalid.
    case invalid = 0
    /// 1: autonomous GNSS fix (SPS).
    case autonomous = 1
    /// 2: differential GNSS (DGPS, or SBAS on some receivers).
    case differential = 2
    /// 3: PPS (precise positioning service, military).
    case precise = 3
    /// 4: RTK with fixed integer ambiguities.
    case rtkFixed = 4
    /// 5: RTK float.
    case rtkFloat = 5
    /// 6: estimated (dead reckoning).
    case estimated = 6
    /// 7: manual input mode.
    case manual = 7
    /// 8: simulator mode.
    case simulator = 8
    /// 9: SBAS (WAAS/EGNOS), as some receivers report it.
    case sbas = 9

    /// Whether the sentence carries a usable position.
    public var isFix: Bool { self != .invalid }
}

/// The data-valid status of RMC field 2 and GLL field 6.
public enum NMEAStatus: String, Hashable, Sendable {
    /// `A`: data valid.
    case valid = "A"
    /// `V`: navigation receiver warning, data not valid.
    case invalid = "V"
}

/// The mode indicator NMEA 2.3 added to RMC, GLL, VTG (and GNS): how the fix was obtained.
public enum NMEAModeIndicator: String, Hashable, Sendable {
    /// `A`: autonomous.
    case autonomous = "A"
    /// `D`: differential.
    case differential = "D"
    /// `E`: estimated (dead reckoning).
    case estimated = "E"
    /// `F`: RTK float.
    case rtkFloat = "F"
    /// `M`: manual input.
    case manual = "M"
    /// `N`: data not valid.
    case notValid = "N"
    /// `P`: precise.
    case precise = "P"
    /// `R`: RTK fixed integer.
    case rtkFixed = "R"
    /// `S`: simulator.
    case simulator = "S"

    /// Whether the mode says the data are usable (everything except `N`).
    public var isValid: Bool { self != .notValid }
}

/// The navigational status NMEA 4.1 added as the last RMC field.
public enum NMEANavigationStatus: String, Hashable, Sendable {
    /// `S`: safe.
    case safe = "S"
    /// `C`: caution.
    case caution = "C"
    /// `U`: unsafe.
    case unsafe = "U"
    /// `V`: not valid for navigation.
    case notValid = "V"
}
