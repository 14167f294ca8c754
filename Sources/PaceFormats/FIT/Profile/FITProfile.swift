/// The part of the FIT profile (message and field names, scales, units, enum names) that Pace reads.
///
/// The tables themselves are generated into `FITProfile+Generated.swift` by
/// `Scripts/generate-fit-profile.py`; this file holds their shape and the look-ups.
enum FITProfile {
    /// The profile of a message number, if Pace's tables hold it.
    static func message(_ globalNumber: UInt16) -> FITMessageProfile? {
        generatedMessages[globalNumber]
    }

    /// The profile of one field of a message, if known.
    static func field(_ number: UInt8, inMessage globalNumber: UInt16) -> FITFieldProfile? {
        generatedMessages[globalNumber]?.fields[number]
    }

    /// The name of an enum value (`sport` 1 → `running`), if the type and value are known.
    static func enumName(type: String, value: Int) -> String? {
        generatedTypes[type]?[value]
    }
}

/// A message of the profile: its name and its fields by field number.
struct FITMessageProfile: Sendable {
    var name: String
    var fields: [UInt8: FITFieldProfile]
}

/// A field of the profile: name, profile type (a base type or an enum type name), scale, offset, units.
///
/// A physical value is `raw / scale - offset`.
struct FITFieldProfile: Sendable {
    var name: String
    var type: String
    var scale: Double
    var offset: Double
    var units: String
}
