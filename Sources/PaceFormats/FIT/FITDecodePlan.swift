/// How to decode the data messages of one definition, worked out once when the definition message is
/// read: each field's offset, base type and profile (name, units, scale, offset), which fields expand
/// into components, which reseed an accumulator, which have subfields. Decoding a data message then
/// walks this plan with no dictionary look-up and no string work.
///
/// A class so that a data message retains one object, not the plan's arrays one by one; the hot
/// loop's layouts live in a buffer the plan owns, read without reference counting. A plan is used by one
/// decoder on one thread.
final class FITDecodePlan {
    let globalNumber: UInt16
    let name: String?
    let bigEndian: Bool
    /// Every field's plan (used by the second pass: components and subfields).
    let fields: [FITFieldPlan]
    /// Every field's position and base type: trivial values in a buffer the plan owns (freed in `deinit`),
    /// so the hot loop copies no reference.
    let layouts: UnsafeMutableBufferPointer<FITFieldLayout>
    /// Every field as decoded messages carry it; only the value changes from one message to the next.
    let templates: [FITField]
    let developerFields: [FITDefinition.DeveloperField]
    /// Bytes of a data message after its header.
    let dataSize: Int
    /// Indices of the fields with components or subfields: the second pass over a data message.
    let expandingFields: UnsafeMutableBufferPointer<Int>

    init(definition: FITDefinition) {
        globalNumber = definition.globalNumber
        bigEndian = definition.bigEndian
        developerFields = definition.developerFields
        dataSize = definition.dataSize
        let profile = FITProfile.message(definition.globalNumber)
        name = profile?.name
        let present = Set(definition.fields.map(\.number))
        var offset = 0
        var plans: [FITFieldPlan] = []
        plans.reserveCapacity(definition.fields.count)
        for field in definition.fields {
            let known = profile?.fields[field.number] ?? (field.number == 253 ? Self.timestampProfile : nil)
            var plan = FITFieldPlan(number: field.number, offset: offset, size: field.size, baseType: field.baseType,
                                    profile: known)
            if let known, let profile {
                plan.components = FITComponentPlan.plans(known.components, in: profile, present: present, depth: 0)
                plan.subfields = known.subfields.map {
                    FITSubfieldPlan($0, number: field.number, in: profile, present: present)
                }
            }
            plans.append(plan)
            offset += field.size
        }
        fields = plans
        layouts = .allocate(capacity: plans.count)
        _ = layouts.initialize(from: plans.map(\.layout))
        templates = plans.map(\.template)
        let expanding = plans.indices.filter { !plans[$0].components.isEmpty || !plans[$0].subfields.isEmpty }
        expandingFields = .allocate(capacity: expanding.count)
        _ = expandingFields.initialize(from: expanding)
    }

    deinit {
        layouts.deallocate()
        expandingFields.deallocate()
    }

    /// Field 253 of any message.
    static let timestampProfile = FITFieldProfile(name: "timestamp", type: "date_time", scale: 1, offset: 0, units: "s")
}

/// Where a field is and how to read it: no references, so copying one is free.
struct FITFieldLayout: Sendable {
    var number: UInt8
    /// Offset of the field from the first byte after the message header.
    var offset: Int
    var size: Int
    var baseType: FITBaseType
    /// The element size when the field is exactly one number (the fast path), else 0.
    var scalarSize: Int
    /// Whether the profile marks the field as the target of accumulation: its value reseeds the total.
    var accumulated: Bool
    /// The field's descriptor in the shared table, or `UInt32.max` to copy the template instead.
    var descriptor: UInt32
    var scale: Double
    var valueOffset: Double
}

/// One field of a ``FITDecodePlan``.
struct FITFieldPlan: Sendable {
    var number: UInt8
    /// Offset of the field from the first byte after the message header.
    var offset: Int
    var size: Int
    var baseType: FITBaseType
    /// The element size when the field is exactly one number (the fast path), else 0.
    var scalarSize: Int
    /// The field as decoded messages carry it, with its profile name, units, type, scale and offset;
    /// only the value changes from one message to the next.
    var template: FITField
    /// Whether the profile marks the field as the target of accumulation: its value reseeds the total.
    var accumulated: Bool
    var components: [FITComponentPlan] = []
    var subfields: [FITSubfieldPlan] = []

    init(number: UInt8, offset: Int, size: Int, baseType: FITBaseType, profile: FITFieldProfile?) {
        self.number = number
        self.offset = offset
        self.size = size
        self.baseType = baseType
        let elementSize = baseType.size ?? 0
        scalarSize = size == elementSize && !baseType.isString && baseType.number != 13 ? elementSize : 0
        template = FITField(profileNumber: number, name: profile?.name,
                            units: profile.flatMap { $0.units.isEmpty ? nil : $0.units }, typeName: profile?.type,
                            scale: profile?.scale ?? 1, offset: profile?.offset ?? 0)
        accumulated = profile?.accumulated ?? false
    }

    var layout: FITFieldLayout {
        FITFieldLayout(number: number, offset: offset, size: size, baseType: baseType, scalarSize: scalarSize,
                       accumulated: accumulated, descriptor: template.tableDescriptor ?? .max, scale: template.scale,
                       valueOffset: template.offset)
    }
}

/// One component to expand, with its target field's profile resolved.
struct FITComponentPlan: Sendable {
    /// The numbers the expansion computes with: trivial values, free to copy.
    struct Numbers: Sendable {
        var target: UInt8
        var bits: Int
        var scale: Double
        var offset: Double
        var targetScale: Double
        var targetOffset: Double
        /// The target's base type invalid sentinel (as raw bits), for expanded values.
        var targetInvalid: UInt64
        /// The target's base type size in bits (for its own components).
        var targetBits: Int
        var accumulate: Bool
        /// The message's own field wins: a target the definition already holds is not written.
        var skip: Bool
    }
    var numbers: Numbers
    /// The target's own components (e.g. `speed` → `enhanced_speed`).
    var nested: [FITComponentPlan]
    /// The expanded field: the target's name, units and type with the component's scale and offset.
    var template: FITField

    static func plans(_ components: [FITComponentProfile], in message: FITMessageProfile, present: Set<UInt8>,
                      depth: Int) -> [FITComponentPlan] {
        guard depth < 4 else { return [] }
        return components.map { component in
            let target = message.fields[component.field]
            let baseType = target.map { FITBaseType(profileType: $0.type) } ?? FITBaseType(byte: 0x0D)
            let scale = component.scale == 0 ? 1 : component.scale
            let numbers = Numbers(
                target: component.field, bits: component.bits, scale: scale, offset: component.offset,
                targetScale: target?.scale ?? 1, targetOffset: target?.offset ?? 0,
                targetInvalid: baseType.invalidRaw, targetBits: 8 * (baseType.size ?? 1),
                accumulate: target?.accumulated ?? false, skip: present.contains(component.field))
            return FITComponentPlan(
                numbers: numbers,
                nested: target.map { plans($0.components, in: message, present: present, depth: depth + 1) } ?? [],
                template: FITField(profileNumber: component.field, name: target?.name,
                                   units: target.flatMap { $0.units.isEmpty ? nil : $0.units },
                                   typeName: target?.type, scale: scale, offset: component.offset))
        }
    }
}

/// A subfield with its components resolved.
struct FITSubfieldPlan: Sendable {
    var name: String
    var units: String?
    var typeName: String
    var scale: Double
    var offset: Double
    var references: [FITSubfieldReference]
    var components: [FITComponentPlan]
    /// The field as the subfield names it; only the value changes.
    var template: FITField

    init(_ subfield: FITSubfieldProfile, number: UInt8, in message: FITMessageProfile, present: Set<UInt8>) {
        name = subfield.name
        units = subfield.units.isEmpty ? nil : subfield.units
        typeName = subfield.type
        scale = subfield.scale
        offset = subfield.offset
        references = subfield.references
        components = FITComponentPlan.plans(subfield.components, in: message, present: present, depth: 0)
        template = FITField(profileNumber: number, name: subfield.name, units: units, typeName: subfield.type,
                            scale: subfield.scale, offset: subfield.offset)
    }
}
