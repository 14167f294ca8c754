/// A D-Bus value with its type.
///
/// Arrays carry their element type so an empty array still has a signature. A dictionary
/// (`a{sv}`) is an array of ``dictEntry(_:_:)`` values; ``dictionary(_:)`` builds one and
/// ``dictionaryEntries`` reads one back.
///
/// ```swift
/// let options = DBusValue.dictionary([("Transport", .variant(.string("le")))])
/// ```
public enum DBusValue: Hashable, Sendable {
    /// `y`
    case byte(UInt8)
    /// `b`
    case boolean(Bool)
    /// `n`
    case int16(Int16)
    /// `q`
    case uint16(UInt16)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `s`
    case string(String)
    /// `o`, e.g. `/org/bluez/hci0`.
    case objectPath(String)
    /// `g`, e.g. `a{sv}`.
    case signature(String)
    /// `h`, an index into the message's file descriptors.
    case unixFD(UInt32)
    /// `a…`: the element type and the elements.
    case array(DBusType, [DBusValue])
    /// `(…)`: the fields in order.
    case structure([DBusValue])
    /// `{kv}`: one dictionary entry.
    indirect case dictEntry(DBusValue, DBusValue)
    /// `v`: a value with its own signature.
    indirect case variant(DBusValue)

    /// The value's type.
    public var type: DBusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .unixFD: .unixFD
        case .array(let element, _): .array(element)
        case .structure(let fields): .structure(fields.map(\.type))
        case .dictEntry(let key, let value): .dictEntry(key: key.type, value: value.type)
        case .variant: .variant
        }
    }

    /// A string-keyed dictionary of variants (`a{sv}`), the shape of D-Bus property maps and options.
    public static func dictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(.dictEntry(key: .string, value: .variant),
               entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// A byte array (`ay`).
    public static func bytes(_ bytes: [UInt8]) -> DBusValue {
        .array(.byte, bytes.map { .byte($0) })
    }

    /// The value inside any number of variant wrappers.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The text of a string, object path or signature (through variants); `nil` otherwise.
    public var stringValue: String? {
        switch unwrapped {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// A boolean (through variants); `nil` otherwise.
    public var boolValue: Bool? {
        if case .boolean(let flag) = unwrapped { return flag }
        return nil
    }

    /// Any integer type as `Int` (through variants); `nil` for other types or a `uint64` above `Int.max`.
    public var intValue: Int? {
        switch unwrapped {
        case .byte(let v): Int(v)
        case .int16(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int64(let v): Int(v)
        case .uint64(let v): Int(exactly: v)
        default: nil
        }
    }

    /// The elements of an array (through variants); `nil` otherwise.
    public var arrayElements: [DBusValue]? {
        if case .array(_, let elements) = unwrapped { return elements }
        return nil
    }

    /// The bytes of a byte array `ay` (through variants); `nil` otherwise.
    public var byteArray: [UInt8]? {
        guard case .array(.byte, let elements) = unwrapped else { return nil }
        return elements.compactMap { element in
            if case .byte(let b) = element { return b }
            return nil
        }
    }

    /// The strings of a string or object-path array (`as`, `ao`, through variants); `nil` otherwise.
    public var stringArray: [String]? {
        arrayElements.map { $0.compactMap(\.stringValue) }
    }

    /// The key–value pairs of a dictionary array `a{..}` (through variants), in wire order; `nil` otherwise.
    public var dictionaryEntries: [(key: DBusValue, value: DBusValue)]? {
        guard case .array(.dictEntry, let elements) = unwrapped else { return nil }
        return elements.compactMap { element in
            if case .dictEntry(let key, let value) = element { return (key, value) }
            return nil
        }
    }

    /// A string-keyed dictionary (`a{sv}`, `a{sa{sv}}`, `a{oa{sa{sv}}}`) with its values, variants unwrapped;
    /// `nil` if this is not a dictionary with string or object-path keys.
    public var stringDictionary: [String: DBusValue]? {
        guard let entries = dictionaryEntries else { return nil }
        var result: [String: DBusValue] = [:]
        for (key, value) in entries {
            guard let name = key.stringValue else { return nil }
            result[name] = value.unwrapped
        }
        return result
    }
}
