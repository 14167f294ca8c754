import Foundation
import PaceModel

extension AppleHealthSyncIdentity {
    /// Computes the sync identifiers of samples without building their canonical text as
    /// strings: the same bytes (`q|type|start|end|value|unit|source`) are written into one reusable
    /// buffer and hashed, so the identifiers are exactly those of ``identifier(of:)``.
    struct SampleIdentifiers {
        private var text: [UInt8] = []
        private var unitTexts: [(unit: HealthUnit, text: String)] = []

        init() { text.reserveCapacity(256) }

        /// The identifier of a quantity sample, equal to `identifier(of: .quantitySample(sample))`.
        mutating func identifier(of sample: QuantitySample) -> String {
            text.removeAll(keepingCapacity: true)
            text.append(UInt8(ascii: "q"))
            append(sample.type.rawValue)
            append(sample.startDate.timeIntervalSinceReferenceDate.description)
            append(sample.endDate.timeIntervalSinceReferenceDate.description)
            append(sample.quantity.value.description)
            append(unitText(sample.quantity.unit))
            append(sample.source.name)
            return AppleHealthSyncIdentity.identifier(hashing: text, start: sample.startDate)
        }

        /// The identifier of a category sample, equal to `identifier(of: .categorySample(sample))`.
        mutating func identifier(of sample: CategorySample) -> String {
            text.removeAll(keepingCapacity: true)
            text.append(UInt8(ascii: "c"))
            append(sample.type.rawValue)
            append(sample.startDate.timeIntervalSinceReferenceDate.description)
            append(sample.endDate.timeIntervalSinceReferenceDate.description)
            append(sample.value.description)
            append(sample.source.name)
            return AppleHealthSyncIdentity.identifier(hashing: text, start: sample.startDate)
        }

        /// Appends `|` and the UTF-8 of `component`.
        private mutating func append(_ component: String) {
            text.append(UInt8(ascii: "|"))
            var component = component
            component.withUTF8 { text.append(contentsOf: $0) }
        }

        /// ``HealthUnit/unitString``, remembered for the few units an export uses.
        private mutating func unitText(_ unit: HealthUnit) -> String {
            if let found = unitTexts.first(where: { $0.unit == unit }) { return found.text }
            let text = unit.unitString
            if unitTexts.count >= 32 { unitTexts.removeFirst() }
            unitTexts.append((unit, text))
            return text
        }
    }

    private static let prefixBytes = Array(prefix.utf8)

    /// `prefix`, the ``timeKey(_:)`` of `start`, and the two FNV-1a hashes of `bytes` in hexadecimal,
    /// as ``hash(_:)`` writes them.
    static func identifier(hashing bytes: [UInt8], start: Date) -> String {
        let time = timeKey(start)
        var forward: UInt64 = 0xCBF2_9CE4_8422_2325
        var backward: UInt64 = 0x8422_2325_CBF2_9CE4
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                forward ^= UInt64(byte)
                forward &*= 0x0000_0100_0000_01B3
            }
            var index = buffer.count
            while index > 0 {
                index -= 1
                backward ^= UInt64(buffer[index])
                backward &*= 0x0000_0100_0000_01B3
            }
        }
        return String(unsafeUninitializedCapacity: prefixBytes.count + 40) { output in
            let digits: StaticString = "0123456789abcdef"
            let hex = digits.utf8Start
            for (index, byte) in prefixBytes.enumerated() { output[index] = byte }
            var out = prefixBytes.count
            for shift in stride(from: 28, through: 0, by: -4) {
                output[out] = hex[Int((time >> UInt32(shift)) & 0xF)]
                out += 1
            }
            for shift in stride(from: 60, through: 0, by: -4) {
                output[out] = hex[Int((forward >> UInt64(shift)) & 0xF)]
                output[out + 16] = hex[Int((backward >> UInt64(shift)) & 0xF)]
                out += 1
            }
            return out + 16
        }
    }
}
