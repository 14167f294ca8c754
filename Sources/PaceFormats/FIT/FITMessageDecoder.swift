/// A definition message: how the data messages of one local message number are laid out.
struct FITDefinition: Sendable {
    struct Field: Sendable {
        var number: UInt8
        var size: Int
        var baseType: FITBaseType
    }
    struct DeveloperField: Sendable {
        var number: UInt8
        var size: Int
        var developerDataIndex: UInt8
    }
    var globalNumber: UInt16
    var bigEndian: Bool
    var fields: [Field]
    var developerFields: [DeveloperField]
    /// Bytes of a data message after its header.
    var dataSize: Int
}

/// A developer field described by a `field_description` message.
struct FITDeveloperFieldDescription: Sendable {
    var baseType: FITBaseType
    var name: String?
    var units: String?
    var scale: Double
    var offset: Double
}

/// Decodes the messages of FIT files one at a time from a ``FITByteReader``, keeping the state that
/// later messages depend on (decode plans, developer field descriptions, last timestamp, accumulated
/// totals) and handing each data message to a handler.
struct FITMessageDecoder {
    private var plans: [FITDecodePlan?] = Array(repeating: nil, count: 16)
    private var developerFields: [UInt16: FITDeveloperFieldDescription] = [:]
    private var lastTimestamp: UInt32?
    var accumulators = FITAccumulators()
    /// Messages (definition and data) read so far over all files, for error positions.
    private(set) var messageIndex = 0
    /// Data messages handed to the handler.
    private(set) var dataMessageCount = 0
    /// Reused for every message: when the handler keeps no copy, no field array is allocated per message.
    private var scratch: [FITField] = []
    private let file: String?

    init(file: String?) {
        self.file = file
        scratch.reserveCapacity(32)
    }

    /// Definitions, developer descriptions, the timestamp and accumulated totals do not carry over from
    /// one chained file to the next.
    mutating func resetForNewFile() {
        plans = Array(repeating: nil, count: 16)
        developerFields = [:]
        lastTimestamp = nil
        accumulators = FITAccumulators()
    }

    /// Decodes the message at the reader's position, which must be before `dataEnd`.
    /// - Returns: `false` when the source ends before the message does (nothing is consumed).
    /// - Throws: ``FITError`` for a corrupt message (one overrunning `dataEnd` is `truncated`).
    mutating func decodeMessage(from reader: FITByteReader, dataEnd: Int,
                                handler: (FITMessage) -> Void) throws(FITError) -> Bool {
        guard try reader.ensure(1) else { return false }
        let header = reader.bytes.load(as: UInt8.self)
        let decoded: Bool
        if header & 0x80 != 0 {
            decoded = try decodeData(local: (header >> 5) & 0x03, compressedOffset: header & 0x1F,
                                     from: reader, dataEnd: dataEnd, handler: handler)
        } else if header & 0x40 != 0 {
            decoded = try decodeDefinition(header, from: reader, dataEnd: dataEnd)
        } else {
            decoded = try decodeData(local: header & 0x0F, compressedOffset: nil, from: reader, dataEnd: dataEnd,
                                     handler: handler)
        }
        if decoded { messageIndex += 1 }
        return decoded
    }

    /// Makes `size` bytes of the message at the reader's position available.
    /// - Returns: `false` when the source ends first.
    /// - Throws: `truncated` when the message would overrun the data section (`dataEnd`).
    private func need(_ size: Int, from reader: FITByteReader, dataEnd: Int, _ what: String) throws(FITError) -> Bool {
        let start = reader.position
        guard try reader.ensure(min(size, dataEnd - start)) else { return false }
        guard dataEnd - start >= size else {
            throw FITError(code: .truncated, byteOffset: start, messageIndex: messageIndex,
                           reason: "\(what) \(messageIndex) at byte \(start) needs \(size) bytes but only "
                               + "\(dataEnd - start) remain before the CRC; file is truncated or corrupt.", file: file)
        }
        return true
    }

    private mutating func decodeDefinition(_ header: UInt8, from reader: FITByteReader,
                                           dataEnd: Int) throws(FITError) -> Bool {
        let start = reader.position
        var size = 6
        guard try need(size, from: reader, dataEnd: dataEnd, "definition message") else { return false }
        var bytes = reader.bytes
        let architecture = bytes.load(fromByteOffset: 2, as: UInt8.self)
        guard architecture <= 1 else {
            throw FITError(code: .invalidDefinition, byteOffset: start + 2, messageIndex: messageIndex,
                           reason: "definition message \(messageIndex) at byte \(start) has architecture "
                               + "\(architecture) (expected 0 or 1); file is corrupt.", file: file)
        }
        let bigEndian = architecture == 1
        let globalNumber = UInt16(FITBaseType.raw(at: bytes + 3, size: 2, bigEndian: bigEndian))
        let fieldCount = Int(bytes.load(fromByteOffset: 5, as: UInt8.self))
        size += 3 * fieldCount
        let hasDeveloperFields = header & 0x20 != 0
        if hasDeveloperFields { size += 1 }
        guard try need(size, from: reader, dataEnd: dataEnd, "definition message") else { return false }
        bytes = reader.bytes
        var fields: [FITDefinition.Field] = []
        fields.reserveCapacity(fieldCount)
        var dataSize = 0
        for index in 0..<fieldCount {
            let offset = 6 + 3 * index
            let field = FITDefinition.Field(number: bytes.load(fromByteOffset: offset, as: UInt8.self),
                                            size: Int(bytes.load(fromByteOffset: offset + 1, as: UInt8.self)),
                                            baseType: FITBaseType(byte: bytes.load(fromByteOffset: offset + 2,
                                                                                   as: UInt8.self)))
            fields.append(field)
            dataSize += field.size
        }
        var developer: [FITDefinition.DeveloperField] = []
        if hasDeveloperFields {
            let count = Int(bytes.load(fromByteOffset: size - 1, as: UInt8.self))
            let first = size
            size += 3 * count
            guard try need(size, from: reader, dataEnd: dataEnd, "definition message") else { return false }
            bytes = reader.bytes
            for index in 0..<count {
                let offset = first + 3 * index
                let field = FITDefinition.DeveloperField(
                    number: bytes.load(fromByteOffset: offset, as: UInt8.self),
                    size: Int(bytes.load(fromByteOffset: offset + 1, as: UInt8.self)),
                    developerDataIndex: bytes.load(fromByteOffset: offset + 2, as: UInt8.self))
                developer.append(field)
                dataSize += field.size
            }
        }
        plans[Int(header & 0x0F)] = FITDecodePlan(definition: FITDefinition(
            globalNumber: globalNumber, bigEndian: bigEndian, fields: fields,
            developerFields: developer, dataSize: dataSize))
        reader.advance(size)
        return true
    }

    private mutating func decodeData(local: UInt8, compressedOffset: UInt8?, from reader: FITByteReader,
                                     dataEnd: Int, handler: (FITMessage) -> Void) throws(FITError) -> Bool {
        let start = reader.position
        guard let plan = plans[Int(local)] else {
            throw FITError(code: .undefinedLocalMessage, byteOffset: start, messageIndex: messageIndex,
                           reason: "message \(messageIndex) at byte \(start) uses local message type \(local), "
                               + "which no definition message defined; file is corrupt or was written by a "
                               + "non-conforming encoder.", file: file)
        }
        let size = 1 + plan.dataSize
        guard try need(size, from: reader, dataEnd: dataEnd, "data message") else { return false }
        let base = reader.bytes + 1
        let bigEndian = plan.bigEndian
        scratch.removeAll(keepingCapacity: true)
        var hasTimestamp = false
        let layouts = plan.layouts
        for index in 0..<layouts.count {
            let field = layouts[index]
            let value: FITValue?
            if field.scalarSize != 0 {
                value = field.baseType.element(FITBaseType.raw(at: base + field.offset, size: field.scalarSize,
                                                               bigEndian: bigEndian))
            } else {
                value = field.baseType.decode(UnsafeRawBufferPointer(start: base + field.offset,
                                                                     count: field.size), bigEndian: bigEndian)
            }
            guard let value else { continue }
            if field.number == 253, case .unsigned(let seconds) = value, seconds <= UInt32.max {
                lastTimestamp = UInt32(seconds)
                hasTimestamp = true
            }
            if field.accumulated, let number = value.numericValue {
                accumulators.reseed(message: plan.globalNumber, field: field.number,
                                    physical: number / field.scale - field.valueOffset)
            }
            if field.descriptor != .max {
                scratch.append(FITField(number: field.number, tableDescriptor: field.descriptor, value: value,
                                        scale: field.scale, offset: field.valueOffset))
            } else {
                var decoded = plan.templates[index]
                decoded.value = value
                scratch.append(decoded)
            }
        }
        if let compressedOffset, let last = lastTimestamp, !hasTimestamp {
            let offset = UInt32(compressedOffset)
            var timestamp = (last & ~0x1F) + offset
            if offset < last & 0x1F { timestamp &+= 0x20 }
            lastTimestamp = timestamp
            var field = Self.compressedTimestamp
            field.value = .unsigned(UInt64(timestamp))
            scratch.append(field)
        }
        if !plan.expandingFields.isEmpty {
            expand(plan, base: base)
        }
        var developer: [FITField] = []
        if !plan.developerFields.isEmpty {
            var position = plan.dataSize - plan.developerFields.reduce(0) { $0 + $1.size }
            for field in plan.developerFields {
                let bytes = UnsafeRawBufferPointer(start: base + position, count: field.size)
                position += field.size
                let key = UInt16(field.developerDataIndex) << 8 | UInt16(field.number)
                let description = developerFields[key]
                let baseType = description?.baseType ?? FITBaseType(byte: 13)
                guard let value = baseType.decode(bytes, bigEndian: bigEndian) else { continue }
                developer.append(FITField(number: field.number, developerDataIndex: field.developerDataIndex,
                                          name: description?.name, units: description?.units, value: value,
                                          scale: description?.scale ?? 1, offset: description?.offset ?? 0))
            }
        }
        reader.advance(size)
        deliver(FITMessage(globalNumber: plan.globalNumber, name: plan.name, localNumber: local, byteOffset: start,
                           fields: scratch, developerFields: developer), handler: handler)
        return true
    }

    /// The `timestamp` field a compressed-timestamp header adds.
    private static let compressedTimestamp = FITField(profileNumber: 253, name: "timestamp", units: "s",
                                                      typeName: "date_time", scale: 1, offset: 0)

    /// Hands a message over; a `field_description` is remembered first so later developer fields decode.
    private mutating func deliver(_ message: FITMessage, handler: (FITMessage) -> Void) {
        if message.globalNumber == 206 { remember(fieldDescription: message) }
        dataMessageCount += 1
        handler(message)
    }

    /// Second pass over a data message: component expansion (with accumulation) and subfields, appended
    /// after the message's own fields.
    private mutating func expand(_ plan: FITDecodePlan, base: UnsafeRawPointer) {
        let ownCount = scratch.count
        // Through a buffer pointer, the plan's arrays are borrowed, not copied (no reference counting per field).
        plan.fields.withUnsafeBufferPointer { fields in
            for index in plan.expandingFields {
                let layout = plan.layouts[index]
                // Only fields present (valid) in this message expand.
                var own = -1
                for candidate in 0..<ownCount where scratch[candidate].number == layout.number {
                    own = candidate
                    break
                }
                guard own >= 0 else { continue }
                if !fields[index].components.isEmpty {
                    var source = FITBitSource(pointer: base + layout.offset, size: layout.size,
                                              elementSize: layout.baseType.size ?? 1, bigEndian: plan.bigEndian)
                    accumulators.expand(fields[index].components, from: &source, message: plan.globalNumber,
                                        into: &scratch)
                }
                if !fields[index].subfields.isEmpty,
                   let subfield = selectedSubfield(fields[index].subfields, ownCount: ownCount) {
                    var selected = subfield.template
                    selected.value = scratch[own].value
                    scratch.append(selected)
                    var source = FITBitSource(pointer: base + layout.offset, size: layout.size,
                                              elementSize: layout.baseType.size ?? 1, bigEndian: plan.bigEndian)
                    accumulators.expand(subfield.components, from: &source, message: plan.globalNumber, into: &scratch)
                }
            }
        }
    }

    /// The first subfield whose reference field (among the message's own fields) holds one of its values.
    private func selectedSubfield(_ subfields: [FITSubfieldPlan], ownCount: Int) -> FITSubfieldPlan? {
        for subfield in subfields {
            for reference in subfield.references {
                for index in 0..<ownCount where scratch[index].number == reference.field {
                    if scratch[index].value.integerValue == reference.value { return subfield }
                }
            }
        }
        return nil
    }

    /// Records a `field_description` so later developer fields decode with its type, name and units.
    private mutating func remember(fieldDescription message: FITMessage) {
        guard let index = message.field(0)?.value.integerValue, let number = message.field(1)?.value.integerValue,
              let type = message.field(2)?.value.integerValue,
              let index8 = UInt8(exactly: index), let number8 = UInt8(exactly: number),
              let type8 = UInt8(exactly: type) else { return }
        let scale = message.field(6)?.value.numericValue ?? 1
        developerFields[UInt16(index8) << 8 | UInt16(number8)] = FITDeveloperFieldDescription(
            baseType: FITBaseType(byte: type8), name: message.field(3)?.value.stringValue,
            units: message.field(8)?.value.stringValue, scale: scale == 0 ? 1 : scale,
            offset: message.field(7)?.value.numericValue ?? 0)
    }
}
