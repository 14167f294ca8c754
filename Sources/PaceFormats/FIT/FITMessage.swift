public import Foundation

/// One field of a decoded FIT data message, with the profile's name, scale, offset and units
/// when Pace's profile tables (or the file's `field_description`, for developer fields) know them.
///
/// ```swift
/// let speed = record.field(named: "enhanced_speed")?.doubleValue  // m/s
/// ```
public struct FITField: Hashable, Sendable {
    /// The field definition number within its message.
    public var number: UInt8
    /// The developer data index for a developer field; `nil` for a profile field.
    public var developerDataIndex: UInt8?
    /// The field's name (`heart_rate`, or the developer's `field_name`), if known.
    public var name: String?
    /// The field's units (`m`, `bpm`, …) as the profile or developer states them, if known.
    public var units: String?
    /// The profile type name (`uint8`, `sport`, `date_time`…), if known.
    public var typeName: String?
    /// The raw value, before scale and offset.
    public var value: FITValue
    /// The profile scale: the physical value is `raw / scale - offset`.
    public var scale: Double
    /// The profile offset: the physical value is `raw / scale - offset`.
    public var offset: Double

    /// Creates a field.
    public init(number: UInt8, developerDataIndex: UInt8? = nil, name: String? = nil, units: String? = nil,
                typeName: String? = nil, value: FITValue, scale: Double = 1, offset: Double = 0) {
        self.number = number
        self.developerDataIndex = developerDataIndex
        self.name = name
        self.units = units
        self.typeName = typeName
        self.value = value
        self.scale = scale
        self.offset = offset
    }

    /// The physical value (`raw / scale - offset`) in ``units`` when the value is a single number.
    public var doubleValue: Double? {
        guard let raw = value.numericValue else { return nil }
        return raw / (scale == 0 ? 1 : scale) - offset
    }

    /// The physical values (`raw / scale - offset`) of an array field (e.g. `hrv.time`, in seconds);
    /// a single number gives one element, invalid elements are `nil`, non-numbers give `[]`.
    public var doubleValues: [Double?] {
        let divisor = scale == 0 ? 1 : scale
        switch value {
        case .array(let elements): return elements.map { $0?.numericValue.map { $0 / divisor - offset } }
        default: return doubleValue.map { [$0] } ?? []
        }
    }

    /// The enum value's name (`running`, `timer`…) when the profile type is an enum Pace knows.
    public var enumName: String? {
        guard let typeName, let raw = value.integerValue, let int = Int(exactly: raw) else { return nil }
        return FITProfile.enumName(type: typeName, value: int)
    }
}

/// One decoded FIT data message.
///
/// ```swift
/// for message in file.messages where message.globalNumber == 20 { … }  // record
/// ```
public struct FITMessage: Hashable, Sendable {
    /// The global message number (0 `file_id`, 20 `record`, 19 `lap`…).
    public var globalNumber: UInt16
    /// The profile name of the message (`record`), if Pace's profile tables know it.
    public var name: String?
    /// The local message number (0–15) the file used.
    public var localNumber: UInt8
    /// The byte offset of the message header from the start of the data.
    public var byteOffset: Int
    /// The profile fields in definition order; invalid (absent) values are left out.
    public var fields: [FITField]
    /// The developer fields in definition order; invalid (absent) values are left out.
    public var developerFields: [FITField]

    /// Creates a message.
    public init(globalNumber: UInt16, name: String?, localNumber: UInt8, byteOffset: Int,
                fields: [FITField], developerFields: [FITField] = []) {
        self.globalNumber = globalNumber
        self.name = name
        self.localNumber = localNumber
        self.byteOffset = byteOffset
        self.fields = fields
        self.developerFields = developerFields
    }

    /// The profile field with this number, if present.
    public func field(_ number: UInt8) -> FITField? {
        fields.first { $0.number == number }
    }

    /// The profile field with this name (`heart_rate`), if present.
    public func field(named name: String) -> FITField? {
        fields.first { $0.name == name }
    }

    /// The message's `timestamp` (field 253) as a date (UTC), if present — including one
    /// reconstructed from a compressed-timestamp header.
    public var timestamp: Date? {
        guard let raw = field(253)?.value.integerValue else { return nil }
        return FITDecoder.date(fromFITSeconds: raw)
    }
}

/// The result of decoding FIT data: the messages of every chained file, in order, and the
/// problems that were worked around.
public struct FITFile: Hashable, Sendable {
    /// All data messages of all chained files, in file order.
    public var messages: [FITMessage]
    /// How many FIT files were chained back to back in the data (1 for an ordinary file).
    public var fileCount: Int
    /// Problems worked around (trailing bytes, a truncated last message when allowed…).
    public var warnings: [FITWarning]

    /// Creates a decoded file.
    public init(messages: [FITMessage], fileCount: Int, warnings: [FITWarning] = []) {
        self.messages = messages
        self.fileCount = fileCount
        self.warnings = warnings
    }

    /// The messages with this global number, in order.
    public func messages(_ globalNumber: UInt16) -> [FITMessage] {
        messages.filter { $0.globalNumber == globalNumber }
    }
}
