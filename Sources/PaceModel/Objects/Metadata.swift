public import Foundation

/// One metadata value: HealthKit accepts strings, numbers, dates and quantities.
///
/// Booleans and integers are kept apart from doubles so that exports write `1` and
/// `true` as the source wrote them.
public enum MetadataValue: Hashable, Sendable {
    /// A text value.
    case string(String)
    /// A floating-point number (unitless).
    case double(Double)
    /// An integer, e.g. a sync version.
    case integer(Int64)
    /// A boolean, e.g. ``MetadataKey/indoorWorkout``.
    case bool(Bool)
    /// An instant in time (UTC).
    case date(Date)
    /// A quantity with its unit, e.g. `22 degC` for ``MetadataKey/weatherTemperature``.
    case quantity(Quantity)

    /// The value as an integer, if it is an integer, or a boolean or a double that holds a whole number.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .bool(let value): return value ? 1 : 0
        case .double(let value):
            guard value.rounded() == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The value as text, if it is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as a boolean, if it is a boolean or the integer 0 or 1.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): return value
        case .integer(0): return false
        case .integer(1): return true
        default: return nil
        }
    }
}

extension MetadataValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case string, double, integer, bool, date, quantity
    }

    /// Encodes as an object with one key naming the kind, e.g. `{"integer": 3}`;
    /// dates are encoded as seconds since 1970-01-01 UTC.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let value): try container.encode(value, forKey: .string)
        case .double(let value): try container.encode(value, forKey: .double)
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .date(let value): try container.encode(value.timeIntervalSince1970, forKey: .date)
        case .quantity(let value): try container.encode(value, forKey: .quantity)
        }
    }

    /// Decodes the form ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "A metadata value must be an object with exactly one of the keys string, double, integer, bool, date, quantity."))
        }
        switch key {
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .double: self = .double(try container.decode(Double.self, forKey: key))
        case .integer: self = .integer(try container.decode(Int64.self, forKey: key))
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .date: self = .date(Date(timeIntervalSince1970: try container.decode(Double.self, forKey: key)))
        case .quantity: self = .quantity(try container.decode(Quantity.self, forKey: key))
        }
    }
}

/// The metadata of a health object: typed values under string keys.
///
/// ```swift
/// var metadata = Metadata()
/// metadata.syncIdentifier = "garmin-activity-123"
/// metadata.syncVersion = 2
/// metadata[.indoorWorkout] = .bool(false)
/// ```
public struct Metadata: Hashable, Sendable, Codable, Sequence, ExpressibleByDictionaryLiteral {
    /// The values by key.
    public var values: [MetadataKey: MetadataValue]

    /// Creates metadata from a dictionary.
    public init(_ values: [MetadataKey: MetadataValue] = [:]) { self.values = values }

    /// Creates metadata from a dictionary literal.
    public init(dictionaryLiteral elements: (MetadataKey, MetadataValue)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The value stored under `key`, or `nil`.
    public subscript(key: MetadataKey) -> MetadataValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Whether there is no metadata.
    public var isEmpty: Bool { values.isEmpty }

    /// Iterates over the entries sorted by key, so output is stable.
    public func makeIterator() -> IndexingIterator<[(key: MetadataKey, value: MetadataValue)]> {
        values.sorted { $0.key < $1.key }.makeIterator()
    }

    /// The sync identifier (``MetadataKey/syncIdentifier``), if it is set to a string.
    public var syncIdentifier: String? {
        get { values[.syncIdentifier]?.stringValue }
        set { values[.syncIdentifier] = newValue.map(MetadataValue.string) }
    }

    /// The sync version (``MetadataKey/syncVersion``), if it is set to a whole number.
    public var syncVersion: Int64? {
        get { values[.syncVersion]?.integerValue }
        set { values[.syncVersion] = newValue.map(MetadataValue.integer) }
    }

    /// Encodes as a JSON object keyed by metadata key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) }))
    }

    /// Decodes the form ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode([String: MetadataValue].self)
        self.values = Dictionary(uniqueKeysWithValues: raw.map { (MetadataKey(rawValue: $0.key), $0.value) })
    }
}
