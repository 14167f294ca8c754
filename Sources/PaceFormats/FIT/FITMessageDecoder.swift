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

/// Decodes the messages of FIT files, one file's data section at a time, keeping the state that
/// later messages depend on (definitions, developer field descriptions, last timestamp).
struct FITMessageDecoder {
    let bytes: [UInt8]
    private(set) var messages: [FITMessage] = []
    var warnings: [FITWarning] = []
    private var definitions: [FITDefinition?] = Array(repeating: nil, count: 16)
    private var developerFields: [UInt16: FITDeveloperFieldDescription] = [:]
    private var lastTimestamp: UInt32?
    /// Messages (definition and data) read so far over all files, for error positions.
    private var messageIndex = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Definitions and developer descriptions do not carry over from one chained file to the next.
    mutating func resetForNewFile() {
        definitions = Array(repeating: nil, count: 16)
        developerFields = [:]
        lastTimestamp = nil
    }

    mutating func decodeMessages(in range: Range<Int>, allowTruncation: Bool) throws(FITError) {
        var position = range.lowerBound
        while position < range.upperBound {
            let start = position
            let header = bytes[position]
            do {
                if header & 0x80 != 0 {
                    position = try decodeData(local: (header >> 5) & 0x03, compressedOffset: header & 0x1F,
                                              at: position, end: range.upperBound)
                } else if header & 0x40 != 0 {
                    position = try decodeDefinition(header, at: position, end: range.upperBound)
                } else {
                    position = try decodeData(local: header & 0x0F, compressedOffset: nil,
                                              at: position, end: range.upperBound)
                }
            } catch where error.code == .truncated && allowTruncation {
                warnings.append(FITWarning(byteOffset: start,
                                           reason: "dropped the incomplete message \(messageIndex) at byte \(start)."))
                return
            }
            messageIndex += 1
        }
    }

    private func truncated(_ start: Int, needing size: Int, end: Int, _ what: String) -> FITError {
        FITError(code: .truncated, byteOffset: start, messageIndex: messageIndex,
                 reason: "\(what) \(messageIndex) at byte \(start) needs \(size) bytes but only "
                     + "\(end - start) remain before the CRC; file is truncated or corrupt.")
    }

    private mutating func decodeDefinition(_ header: UInt8, at start: Int, end: Int) throws(FITError) -> Int {
        var size = 6
        guard end - start >= size else { throw truncated(start, needing: size, end: end, "definition message") }
        let architecture = bytes[start + 2]
        guard architecture <= 1 else {
            throw FITError(code: .invalidDefinition, byteOffset: start + 2, messageIndex: messageIndex,
                           reason: "definition message \(messageIndex) at byte \(start) has architecture "
                               + "\(architecture) (expected 0 or 1); file is corrupt.")
        }
        let bigEndian = architecture == 1
        let globalNumber = bigEndian
            ? UInt16(bytes[start + 3]) << 8 | UInt16(bytes[start + 4])
            : UInt16(bytes[start + 4]) << 8 | UInt16(bytes[start + 3])
        let fieldCount = Int(bytes[start + 5])
        size += 3 * fieldCount
        let hasDeveloperFields = header & 0x20 != 0
        if hasDeveloperFields { size += 1 }
        guard end - start >= size else { throw truncated(start, needing: size, end: end, "definition message") }
        var fields: [FITDefinition.Field] = []
        var dataSize = 0
        for index in 0..<fieldCount {
            let offset = start + 6 + 3 * index
            let field = FITDefinition.Field(number: bytes[offset], size: Int(bytes[offset + 1]),
                                            baseType: FITBaseType(byte: bytes[offset + 2]))
            fields.append(field)
            dataSize += field.size
        }
        var developer: [FITDefinition.DeveloperField] = []
        if hasDeveloperFields {
            let count = Int(bytes[start + size - 1])
            let first = start + size
            size += 3 * count
            guard end - start >= size else { throw truncated(start, needing: size, end: end, "definition message") }
            for index in 0..<count {
                let offset = first + 3 * index
                let field = FITDefinition.DeveloperField(number: bytes[offset], size: Int(bytes[offset + 1]),
                                                         developerDataIndex: bytes[offset + 2])
                developer.append(field)
                dataSize += field.size
            }
        }
        definitions[Int(header & 0x0F)] = FITDefinition(
            globalNumber: globalNumber, bigEndian: bigEndian, fields: fields,
            developerFields: developer, dataSize: dataSize)
        return start + size
    }

    private mutating func decodeData(local: UInt8, compressedOffset: UInt8?, at start: Int,
                                     end: Int) throws(FITError) -> Int {
        guard let definition = definitions[Int(local)] else {
            throw FITError(code: .undefinedLocalMessage, byteOffset: start, messageIndex: messageIndex,
                           reason: "message \(messageIndex) at byte \(start) uses local message type \(local), "
                               + "which no definition message defined; file is corrupt or was written by a "
                               + "non-conforming encoder.")
        }
        let size = 1 + definition.dataSize
        guard end - start >= size else { throw truncated(start, needing: size, end: end, "data message") }
        let profile = FITProfile.message(definition.globalNumber)
        var fields: [FITField] = []
        var position = start + 1
        for field in definition.fields {
            let slice = bytes[position..<(position + field.size)]
            position += field.size
            guard let value = field.baseType.decode(slice, bigEndian: definition.bigEndian) else { continue }
            let known = profile?.fields[field.number] ?? (field.number == 253
                ? FITFieldProfile(name: "timestamp", type: "date_time", scale: 1, offset: 0, units: "s") : nil)
            if field.number == 253, let raw = value.integerValue, let seconds = UInt32(exactly: raw) {
                lastTimestamp = seconds
            }
            fields.append(FITField(number: field.number, name: known?.name, units: known.flatMap(Self.units),
                                   typeName: known?.type, value: value, scale: known?.scale ?? 1,
                                   offset: known?.offset ?? 0))
        }
        if let compressedOffset, let last = lastTimestamp, !fields.contains(where: { $0.number == 253 }) {
            let offset = UInt32(compressedOffset)
            var timestamp = (last & ~0x1F) + offset
            if offset < last & 0x1F { timestamp &+= 0x20 }
            lastTimestamp = timestamp
            fields.append(FITField(number: 253, name: "timestamp", units: "s", typeName: "date_time",
                                   value: .unsigned(UInt64(timestamp))))
        }
        var developer: [FITField] = []
        for field in definition.developerFields {
            let slice = bytes[position..<(position + field.size)]
            position += field.size
            let key = UInt16(field.developerDataIndex) << 8 | UInt16(field.number)
            let description = developerFields[key]
            let baseType = description?.baseType ?? FITBaseType(byte: 13)
            guard let value = baseType.decode(slice, bigEndian: definition.bigEndian) else { continue }
            developer.append(FITField(number: field.number, developerDataIndex: field.developerDataIndex,
                                      name: description?.name, units: description?.units, value: value,
                                      scale: description?.scale ?? 1, offset: description?.offset ?? 0))
        }
        let message = FITMessage(globalNumber: definition.globalNumber, name: profile?.name, localNumber: local,
                                 byteOffset: start, fields: fields, developerFields: developer)
        if definition.globalNumber == 206 { remember(fieldDescription: message) }
        messages.append(message)
        return position
    }

    private static func units(_ profile: FITFieldProfile) -> String? {
        profile.units.isEmpty ? nil : profile.units
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
