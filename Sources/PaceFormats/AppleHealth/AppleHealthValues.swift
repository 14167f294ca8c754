import Foundation
import PaceModel

/// Parsers for the value formats of Apple Health's `export.xml`.
enum AppleHealthValues {
    /// Parses `2019-06-11 15:00:22 -0700` (also `…T…` and `+07:00`), or `nil`.
    static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Parses the UTF-8 bytes of a date as ``date(_:)`` does.
    static func date(bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count >= 19 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= bytes.count else { return nil }
            var value = 0
            for index in start..<start + length {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20 || bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        var offset = 0
        if index < bytes.count {
            let sign = bytes[index]
            if sign == 0x5A, index == bytes.count - 1 {
                offset = 0
            } else {
                guard sign == 0x2B || sign == 0x2D, let hours = number(index + 1, 2) else { return nil }
                var minuteStart = index + 3
                if minuteStart < bytes.count, bytes[minuteStart] == 0x3A { minuteStart += 1 }
                guard let minutes = number(minuteStart, 2), minuteStart + 2 == bytes.count else { return nil }
                offset = (hours * 3600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
            }
        }
        let seconds = CalendarDay.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Parses `1990-02-02` (or `1990-2-2`) into year, month and day components, or `nil` when it is
    /// not a real day of the years 1…9999 (``CalendarDay``): `20161-4-05` and `2016-02-30` are not.
    static func day(_ text: String) -> DateComponents? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        return CalendarDay.text(components) == nil ? nil : components
    }

    /// A finite number, or `nil`.
    static func number(_ text: String?) -> Double? {
        guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }

    /// Parses the `device` attribute, `<<HKDevice: 0x…>, name:Apple Watch, manufacturer:Apple Inc., model:Watch,
    /// hardware:Watch6,1, software:8.0>`, into a ``Device``; `nil` when it names nothing.
    static func device(_ text: String) -> Device? {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix("<<"), let close = body.firstIndex(of: ">") {
            body = body[body.index(after: close)...]
        } else if body.hasPrefix("<") {
            body = body.dropFirst()
        }
        if body.hasSuffix(">") { body = body.dropLast() }
        let known: Set<String> = ["name", "manufacturer", "model", "hardware", "firmware", "software",
                                  "localIdentifier", "UDIDeviceIdentifier"]
        var pairs: [(key: String, value: String)] = []
        for part in body.components(separatedBy: ", ") {
            if let colon = part.firstIndex(of: ":"), known.contains(String(part[..<colon])) {
                pairs.append((String(part[..<colon]), String(part[part.index(after: colon)...])))
            } else if !pairs.isEmpty {
                pairs[pairs.count - 1].value += ", " + part // a value that itself contained ", "
            }
        }
        var device = Device()
        for (key, value) in pairs where !value.isEmpty {
            switch key {
            case "name": device.name = value
            case "manufacturer": device.manufacturer = value
            case "model": device.model = value
            case "hardware": device.hardwareVersion = value
            case "firmware": device.firmwareVersion = value
            case "software": device.softwareVersion = value
            case "localIdentifier": device.localIdentifier = value
            default: device.udiDeviceIdentifier = value
            }
        }
        return device == Device() ? nil : device
    }

    /// A `MetadataEntry` value: an integer, a number, a date, a quantity (`54 degF`, `96 %`) or else a string.
    static func metadataValue(_ text: String) -> MetadataValue {
        if let integer = Int64(text) { return .integer(integer) }
        if let first = text.unicodeScalars.first, first == "-" || first == "+" || first == "." || ("0"..."9").contains(first) {
            if let value = Double(text), value.isFinite { return .double(value) }
            if let date = date(text) { return .date(date) }
            if let quantity = try? Quantity(parsing: text) { return .quantity(quantity) }
        }
        return .string(text)
    }

    /// The case of `T` named by `text` once `prefix` is removed (`HKBloodTypeAPositive` → `.aPositive`).
    /// Case names are compared without case; `alsoPrefixed` is tried in front of the remainder
    /// (`HKFitzpatrickSkinTypeI` → `I` → `typeI`).
    static func enumCase<T: CaseIterable>(_ text: String, prefix: String, alsoPrefixed: String = "") -> T? {
        guard text.hasPrefix(prefix) else { return nil }
        let rest = text.dropFirst(prefix.count).lowercased()
        return T.allCases.first {
            let name = String(describing: $0).lowercased()
            return name == rest || name == alsoPrefixed + rest
        }
    }

    /// A category value: a number, or an `HKCategoryValue…` name resolved through the type's value set.
    static func categoryValue(_ text: String, type: CategoryTypeIdentifier) -> Int? {
        if let number = Int(text) { return number }
        // Renamed in iOS 16: older exports write `…Asleep` for what is now `asleepUnspecified`.
        if text == "HKCategoryValueSleepAnalysisAsleep", type == .sleepAnalysis { return 1 }
        let descriptor = type.descriptor
        var name = Substring(text)
        if name.hasPrefix(descriptor.valueSetName) {
            name = name.dropFirst(descriptor.valueSetName.count)
        } else if name.hasPrefix("HKCategoryValue") {
            name = name.dropFirst("HKCategoryValue".count)
        }
        return descriptor.rawValue(named: String(name))
    }
}
