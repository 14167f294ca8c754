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

/// A field of the profile: name, profile type (a base type or an enum type name), scale, offset, units,
/// and how it expands: its components, whether it accumulates, its subfields.
///
/// A physical value is `raw / scale - offset`.
struct FITFieldProfile: Sendable {
    var name: String
    var type: String
    var scale: Double
    var offset: Double
    var units: String
    /// The fields this field's bits expand into, least significant bits first.
    var components: [FITComponentProfile] = []
    /// Whether components targeting this field add to a running total (rolling over at their bit width)
    /// instead of replacing it.
    var accumulated = false
    /// Alternative interpretations of this field, chosen by the value of another field of the message.
    var subfields: [FITSubfieldProfile] = []
}

/// One component of a field: `bits` bits of the field's raw value that become the value of another
/// field of the same message, with their own scale and offset (physical = `bits / scale - offset`).
struct FITComponentProfile: Sendable {
    /// The target field's number.
    var field: UInt8
    /// How many bits of the source this component takes.
    var bits: Int
    /// The component's scale.
    var scale: Double
    /// The component's offset.
    var offset: Double
}

/// A subfield: another name, type, scale and units for a field, used when a reference field of the
/// message holds one of the listed values (e.g. `event.data` is `timer_trigger` when `event` is `timer`).
struct FITSubfieldProfile: Sendable {
    var name: String
    var type: String
    var scale: Double
    var offset: Double
    var units: String
    /// The (field number, raw value) pairs of which any one selects this subfield.
    var references: [FITSubfieldReference]
    /// The fields this subfield's bits expand into.
    var components: [FITComponentProfile] = []
}

/// A reference field number and the raw value it must hold for a subfield to apply.
struct FITSubfieldReference: Sendable {
    var field: UInt8
    var value: Int64
}
