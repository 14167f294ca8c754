import Foundation
import PaceModel

/// Conversion between HealthKit's `[String: Any]` metadata and Pace's typed ``PaceModel/Metadata``.
enum HKMetadata {
    /// Pace metadata from an app's dictionary: strings, numbers (`Bool`, integers, floating point,
    /// `NSNumber`), dates and ``HKQuantity`` values.
    ///
    /// - Throws: ``HKError`` ``HKError/Code/errorInvalidArgument`` naming the key of any other value.
    static func pace(_ dictionary: [String: Any]?) throws -> Metadata {
        var metadata = Metadata()
        for (key, value) in dictionary ?? [:] {
            metadata[MetadataKey(rawValue: key)] = try pace(value, key: key)
        }
        return metadata
    }

    private static func pace(_ value: Any, key: String) throws -> MetadataValue {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool where type(of: value) == Bool.self: return .bool(flag)
        case let date as Date: return .date(date)
        case let quantity as HKQuantity: return .quantity(quantity.quantity)
        case let number as Int: return .integer(Int64(number))
        case let number as Int64: return .integer(number)
        case let number as Int32: return .integer(Int64(number))
        case let number as UInt32: return .integer(Int64(number))
        case let number as Double: return .double(number)
        case let number as Float: return .double(Double(number))
        case let number as NSNumber:
            let double = number.doubleValue
            return double.rounded() == double && abs(double) < 9e15 ? .integer(number.int64Value) : .double(double)
        default:
            throw HKError(.errorInvalidArgument,
                          message: "Metadata '\(key)' holds a \(type(of: value)); HealthKit metadata values are strings, numbers, dates and HKQuantity values.")
        }
    }

    /// An app's dictionary from Pace metadata (numbers as `NSNumber`, as HealthKit gives them), or
    /// `nil` when there is none.
    static func dictionary(_ metadata: Metadata) -> [String: Any]? {
        guard !metadata.values.isEmpty else { return nil }
        var dictionary: [String: Any] = [:]
        for (key, value) in metadata.values {
            dictionary[key.rawValue] = switch value {
            case .string(let text): text
            case .double(let number): NSNumber(value: number)
            case .integer(let number): NSNumber(value: number)
            case .bool(let flag): NSNumber(value: flag)
            case .date(let date): date
            case .quantity(let quantity): HKQuantity(quantity)
            }
        }
        return dictionary
    }
}
