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
    /// The raw value, before scale and offset.
    public var value: FITValue
    /// The profile scale: the physical value is `raw / scale - offset`.
    public var scale: Double
    /// The profile offset: the physical value is `raw / scale - offset`.
    public var offset: Double
    /// Name, units and type: an index into the profile's shared table for profile fields (copying one
    /// costs no reference counting), or an object of its own for developer and user-made fields.
    private var descriptor: FITFieldDescriptor.Reference

    /// The field's name (`heart_rate`, or the developer's `field_name`), if known.
    public var name: String? {
        get { descriptor.resolved.name }
        set { descriptor = .custom(descriptor.resolved.with(name: newValue)) }
    }
    /// The field's units (`m`, `bpm`, …) as the profile or developer states them, if known.
    public var units: String? {
        get { descriptor.resolved.units }
        set { descriptor = .custom(descriptor.resolved.with(units: newValue)) }
    }
    /// The profile type name (`uint8`, `sport`, `date_time`…), if known.
    public var typeName: String? {
        get { descriptor.resolved.typeName }
        set { descriptor = .custom(descriptor.resolved.with(typeName: newValue)) }
    }

    /// Creates a field.
    public init(number: UInt8, developerDataIndex: UInt8? = nil, name: String? = nil, units: String? = nil,
                typeName: String? = nil, value: FITValue, scale: Double = 1, offset: Double = 0) {
        self.number = number
        self.developerDataIndex = developerDataIndex
        self.value = value
        self.scale = scale
        self.offset = offset
        self.descriptor = .custom(FITFieldDescriptor(name: name, units: units, typeName: typeName))
    }

    /// A profile field whose name, units and type are looked up once in the shared table (decode plans).
    init(profileNumber number: UInt8, name: String?, units: String?, typeName: String?, scale: Double,
         offset: Double) {
        self.number = number
        self.developerDataIndex = nil
        self.value = .unsigned(0)
        self.scale = scale
        self.offset = offset
        self.descriptor = FITFieldDescriptor.Reference(name: name, units: units, typeName: typeName)
    }

    /// A field built from a decode plan's trivial parts: a table descriptor, no copy of a template.
    @inline(__always)
    init(number: UInt8, tableDescriptor: UInt32, value: FITValue, scale: Double, offset: Double) {
        self.number = number
        self.developerDataIndex = nil
        self.value = value
        self.scale = scale
        self.offset = offset
        self.descriptor = .table(tableDescriptor)
    }

    /// The index of the field's descriptor in the shared table, if it has one.
    var tableDescriptor: UInt32? {
        if case .table(let index) = descriptor { return index }
        return nil
    }

    /// Fields are equal when number, developer index, value, name, units, type, scale and offset are.
    public static func == (lhs: FITField, rhs: FITField) -> Bool {
        lhs.number == rhs.number && lhs.developerDataIndex == rhs.developerDataIndex && lhs.value == rhs.value
            && lhs.scale == rhs.scale && lhs.offset == rhs.offset && lhs.descriptor.isEqual(to: rhs.descriptor)
    }

    /// Hashes number, developer index, value, name, units, type, scale and offset.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(developerDataIndex)
        hasher.combine(value)
        hasher.combine(scale)
        hasher.combine(offset)
        descriptor.resolved.hash(into: &hasher)
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

/// The name, units and type of a ``FITField``, immutable; changing one makes a new descriptor.
final class FITFieldDescriptor: Sendable {
    let name: String?
    let units: String?
    let typeName: String?

    init(name: String?, units: String?, typeName: String?) {
        self.name = name
        self.units = units
        self.typeName = typeName
    }

    func with(name: String?) -> FITFieldDescriptor { FITFieldDescriptor(name: name, units: units, typeName: typeName) }
    func with(units: String?) -> FITFieldDescriptor { FITFieldDescriptor(name: name, units: units, typeName: typeName) }
    func with(typeName: String?) -> FITFieldDescriptor {
        FITFieldDescriptor(name: name, units: units, typeName: typeName)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(units)
        hasher.combine(typeName)
    }

    /// How a field refers to its descriptor.
    enum Reference: Sendable {
        /// An entry of ``FITFieldDescriptor/table``, which lives as long as the process.
        case table(UInt32)
        case custom(FITFieldDescriptor)

        /// The table entry for these values, or a descriptor of their own when the table lacks them.
        init(name: String?, units: String?, typeName: String?) {
            if let index = FITFieldDescriptor.table.index[Key(name: name, units: units, typeName: typeName)] {
                self = .table(index)
            } else {
                self = .custom(FITFieldDescriptor(name: name, units: units, typeName: typeName))
            }
        }

        var resolved: FITFieldDescriptor {
            switch self {
            case .table(let index): FITFieldDescriptor.table.descriptors[Int(index)]
            case .custom(let descriptor): descriptor
            }
        }

        func isEqual(to other: Reference) -> Bool {
            if case .table(let left) = self, case .table(let right) = other { return left == right }
            let left = resolved, right = other.resolved
            return left === right || (left.name == right.name && left.units == right.units
                && left.typeName == right.typeName)
        }
    }

    struct Key: Hashable {
        var name: String?
        var units: String?
        var typeName: String?
    }

    /// Every (name, units, type) of Pace's profile tables — fields, component targets, subfields — plus the
    /// `timestamp` every message may carry and the empty descriptor of unknown fields. Built once.
    static let table: (descriptors: [FITFieldDescriptor], index: [Key: UInt32]) = {
        var descriptors: [FITFieldDescriptor] = []
        var index: [Key: UInt32] = [:]
        func add(_ name: String?, _ units: String?, _ typeName: String?) {
            let key = Key(name: name, units: units, typeName: typeName)
            guard index[key] == nil else { return }
            index[key] = UInt32(descriptors.count)
            descriptors.append(FITFieldDescriptor(name: name, units: units, typeName: typeName))
        }
        func units(_ text: String) -> String? { text.isEmpty ? nil : text }
        add(nil, nil, nil)
        add("timestamp", "s", "date_time")
        for message in FITProfile.generatedMessages.values {
            for field in message.fields.values {
                add(field.name, units(field.units), field.type)
                for subfield in field.subfields { add(subfield.name, units(subfield.units), subfield.type) }
            }
        }
        return (descriptors, index)
    }()
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
