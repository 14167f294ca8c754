/// Bits of a field read least significant first, element after element (a byte array is read byte 0
/// first; an integer field from its least significant bit), as FIT components are laid out.
struct FITBitSource {
    private let pointer: UnsafeRawPointer?
    private let elementSize: Int
    private let bigEndian: Bool
    private let single: UInt64
    private var element = 0
    private var bitInElement = 0
    /// Bits not read yet.
    private(set) var bitsAvailable: Int

    /// The bits of a field: `size` bytes of elements of `elementSize` bytes.
    init(pointer: UnsafeRawPointer, size: Int, elementSize: Int, bigEndian: Bool) {
        self.pointer = pointer
        self.elementSize = max(1, elementSize)
        self.bigEndian = bigEndian
        single = 0
        bitsAvailable = size / self.elementSize * self.elementSize * 8
    }

    /// The low `bits` bits of one value.
    init(value: UInt64, bits: Int) {
        pointer = nil
        elementSize = max(1, bits / 8)
        bigEndian = false
        single = value
        bitsAvailable = elementSize * 8
    }

    private func value(at index: Int) -> UInt64 {
        guard let pointer else { return single }
        return FITBaseType.raw(at: pointer + index * elementSize, size: elementSize, bigEndian: bigEndian)
    }

    /// Reads the next `bits` (≤ 64, ≤ ``bitsAvailable``) bits.
    mutating func read(_ bits: Int) -> UInt64 {
        var result: UInt64 = 0
        var got = 0
        let elementBits = elementSize * 8
        while got < bits {
            let take = min(bits - got, elementBits - bitInElement)
            let chunk = (value(at: element) >> UInt64(bitInElement)) & FITAccumulators.mask(take)
            result |= chunk << UInt64(got)
            got += take
            bitInElement += take
            if bitInElement == elementBits {
                element += 1
                bitInElement = 0
            }
        }
        bitsAvailable -= bits
        return result
    }
}

/// The running totals of accumulated fields (e.g. `record.distance` from the 12-bit distance of
/// `compressed_speed_distance`, `hr.event_timestamp` from `event_timestamp_12`), per message and target
/// field, and the component expansion that feeds them.
///
/// A component of n bits carries the low n bits of its target's total: the total advances by
/// `(bits − total) mod 2ⁿ`, so it rolls over correctly; the first value starts the total. When a message
/// carries the target field itself, its value becomes the total.
struct FITAccumulators {
    private struct Total {
        var key: UInt32
        /// In the target's physical units (raw / scale − offset).
        var physical: Double
    }
    private var totals: [Total] = []

    @inline(__always)
    static func mask(_ bits: Int) -> UInt64 {
        bits >= 64 ? .max : (1 << UInt64(bits)) - 1
    }

    /// A non-negative integral value as raw bits; 0 for what no raw value can be (negative, NaN, too large),
    /// which only a corrupt file produces.
    private static func rawBits(_ value: Double) -> UInt64 {
        value >= 0 && value < 18_446_744_073_709_551_616 ? UInt64(value) : 0
    }

    private static func key(_ message: UInt16, _ field: UInt8) -> UInt32 {
        UInt32(message) << 8 | UInt32(field)
    }

    /// Sets a total from the target field's own value.
    mutating func reseed(message: UInt16, field: UInt8, physical: Double) {
        let key = Self.key(message, field)
        if let index = totals.firstIndex(where: { $0.key == key }) {
            totals[index].physical = physical
        } else {
            totals.append(Total(key: key, physical: physical))
        }
    }

    /// Adds an n-bit component value to its total; returns the total in the component's units (raw).
    private mutating func accumulate(_ bits: UInt64, _ component: FITComponentPlan.Numbers, message: UInt16) -> UInt64 {
        let key = Self.key(message, component.target)
        let mask = Self.mask(component.bits)
        guard let index = totals.firstIndex(where: { $0.key == key }) else {
            totals.append(Total(key: key, physical: Double(bits) / component.scale - component.offset))
            return bits
        }
        let previous = Self.rawBits(((totals[index].physical + component.offset) * component.scale).rounded())
        let total = previous &+ ((bits &- previous) & mask)
        totals[index].physical = Double(total) / component.scale - component.offset
        return total
    }

    /// Expands `components` from `source` into fields appended to `fields`, accumulating where the
    /// profile says so, and expanding each target's own components in turn. Several components with the
    /// same target make an array. A target the message carries itself is not written (its own value wins).
    mutating func expand(_ components: [FITComponentPlan], from source: inout FITBitSource, message: UInt16,
                         into fields: inout [FITField]) {
        var previousTarget: UInt8?
        var previousIndex = 0
        for index in components.indices {
            let component = components[index].numbers
            guard source.bitsAvailable >= component.bits else { break }
            var bits = source.read(component.bits)
            if component.skip {
                if source.bitsAvailable == 0 { break }
                continue
            }
            if component.accumulate { bits = accumulate(bits, component, message: message) }
            let physical = Double(bits) / component.scale - component.offset
            let targetRaw = ((physical + component.targetOffset) * component.targetScale).rounded()
            let valid = targetRaw != Double(component.targetInvalid)
            let value: FITValue? = valid ? .unsigned(bits) : nil
            if previousTarget == component.target {
                // Another element of the same target: the field becomes an array.
                let existing = fields[previousIndex].value
                if case .array(var elements) = existing {
                    elements.append(value)
                    fields[previousIndex].value = .array(elements)
                } else {
                    fields[previousIndex].value = .array([existing, value])
                }
            } else if let value {
                if let descriptor = components[index].template.tableDescriptor {
                    fields.append(FITField(number: component.target, tableDescriptor: descriptor, value: value,
                                           scale: component.scale, offset: component.offset))
                } else {
                    var field = components[index].template
                    field.value = value
                    fields.append(field)
                }
                previousTarget = component.target
                previousIndex = fields.count - 1
            } else {
                previousTarget = nil
            }
            if valid && !components[index].nested.isEmpty && targetRaw >= 0 && targetRaw < 18_446_744_073_709_551_616 {
                var nested = FITBitSource(value: UInt64(targetRaw), bits: component.targetBits)
                expand(components[index].nested, from: &nested, message: message, into: &fields)
            }
            if source.bitsAvailable == 0 { break }
        }
    }
}
