extension DBusMessage {
    /// The fixed header part every message starts with: endianness, type, flags, version, body length,
    /// serial and the header-field array length.
    static let fixedHeaderLength = 16

    /// Encodes the message with the given serial.
    /// - Throws: ``DBusError/invalidValue(_:)`` when a required header field is missing, a value
    ///   cannot be marshalled, or the message exceeds 128 MiB.
    public func encoded(serial: UInt32, endianness: DBusEndianness = .little) throws(DBusError) -> [UInt8] {
        guard serial != 0 else { throw .invalidValue("serial 0 is reserved") }
        try validateRequiredFields()
        var fields: [DBusValue] = []
        func field(_ code: DBusHeaderField, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code.rawValue), .variant(value)])) }
        }
        field(.path, path.map { .objectPath($0) })
        field(.interface, interface.map { .string($0) })
        field(.member, member.map { .string($0) })
        field(.errorName, errorName.map { .string($0) })
        field(.replySerial, replySerial.map { .uint32($0) })
        field(.destination, destination.map { .string($0) })
        field(.sender, sender.map { .string($0) })
        if !body.isEmpty { field(.signature, .signature(signature)) }
        field(.unixFDs, unixFDs.map { .uint32($0) })

        var bodyWriter = DBusWriter(endianness: endianness)
        try bodyWriter.write(body)

        var writer = DBusWriter(endianness: endianness)
        writer.writeInteger(endianness.rawValue)
        writer.writeInteger(kind.rawValue)
        writer.writeInteger(flags.rawValue)
        writer.writeInteger(UInt8(1))
        writer.writeInteger(UInt32(bodyWriter.bytes.count))
        writer.writeInteger(serial)
        try writer.write(.array(.structure([.byte, .variant]), fields))
        writer.pad(to: 8)
        let total = writer.bytes.count + bodyWriter.bytes.count
        guard total <= Self.maximumLength else { throw .invalidValue("message of \(total) bytes exceeds 128 MiB") }
        return writer.bytes + bodyWriter.bytes
    }

    /// The total length of the message whose first 16 bytes are given, or `nil` if fewer are given.
    /// - Throws: ``DBusError/malformedMessage(_:offset:)`` for a bad endianness byte or a length over 128 MiB.
    static func totalLength(prefix: ArraySlice<UInt8>) throws(DBusError) -> Int? {
        guard prefix.count >= fixedHeaderLength else { return nil }
        let start = prefix.startIndex
        guard let endianness = DBusEndianness(rawValue: prefix[start]) else {
            throw .malformedMessage("endianness byte 0x\(String(prefix[start], radix: 16)) is neither 'l' nor 'B'", offset: 0)
        }
        func uint32(at index: Int) -> Int {
            let b = (0..<4).map { Int(prefix[start + index + $0]) }
            return endianness == .little
                ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
                : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
        }
        let bodyLength = uint32(at: 4)
        let fieldsLength = uint32(at: 12)
        let headerEnd = (fixedHeaderLength + fieldsLength + 7) / 8 * 8
        let total = headerEnd + bodyLength
        guard total <= maximumLength else {
            throw .malformedMessage("declared length \(total) exceeds 128 MiB", offset: 4)
        }
        return total
    }

    /// Decodes one complete message.
    /// - Throws: ``DBusError/malformedMessage(_:offset:)`` for anything that is not a valid message:
    ///   truncated input, bad endianness or version, unknown type, missing required header fields,
    ///   header fields of the wrong type, a body that does not match its signature, trailing bytes.
    public static func decode(_ bytes: [UInt8]) throws(DBusError) -> DBusMessage {
        guard let total = try totalLength(prefix: bytes[...]) else {
            throw .malformedMessage("\(bytes.count) bytes is shorter than the 16-byte fixed header", offset: 0)
        }
        guard bytes.count == total else {
            throw .malformedMessage("message declares \(total) bytes but \(bytes.count) were given", offset: 0)
        }
        guard let endianness = DBusEndianness(rawValue: bytes[0]) else {
            throw .malformedMessage("endianness byte is neither 'l' nor 'B'", offset: 0)
        }
        guard let kind = Kind(rawValue: bytes[1]) else {
            throw .malformedMessage("unknown message type \(bytes[1])", offset: 1)
        }
        guard bytes[3] == 1 else {
            throw .malformedMessage("protocol version \(bytes[3]), expected 1", offset: 3)
        }
        var reader = DBusReader(bytes: bytes, endianness: endianness, offset: 4)
        let bodyLength = Int(try reader.readInteger(UInt32.self))
        let serial = try reader.readInteger(UInt32.self)
        guard serial != 0 else { throw .malformedMessage("serial is 0", offset: 8) }
        let fieldValue = try reader.read(.array(.structure([.byte, .variant])), depth: 0)
        try reader.align(to: 8)
        let bodyStart = reader.offset
        guard bodyStart + bodyLength == bytes.count else {
            throw .malformedMessage("header and body lengths disagree with the message size", offset: bodyStart)
        }

        var message = DBusMessage(kind: kind, flags: Flags(rawValue: bytes[2]), serial: serial)
        var signature = ""
        for field in fieldValue.arrayElements ?? [] {
            guard case .structure(let parts) = field, parts.count == 2,
                  case .byte(let code) = parts[0], case .variant(let value) = parts[1] else { continue }
            func wrongType(_ expected: String) -> DBusError {
                .malformedMessage("header field \(code) has type '\(value.type.signature)', expected '\(expected)'", offset: 12)
            }
            func require<T>(_ extracted: T?, _ expected: String) throws(DBusError) -> T {
                guard let extracted else { throw wrongType(expected) }
                return extracted
            }
            switch DBusHeaderField(rawValue: code) {
            case .path:
                guard case .objectPath(let p) = value else { throw wrongType("o") }
                message.path = p
            case .interface: message.interface = try require(stringOnly(value), "s")
            case .member: message.member = try require(stringOnly(value), "s")
            case .errorName: message.errorName = try require(stringOnly(value), "s")
            case .destination: message.destination = try require(stringOnly(value), "s")
            case .sender: message.sender = try require(stringOnly(value), "s")
            case .replySerial: message.replySerial = try require(uint32Only(value), "u")
            case .unixFDs: message.unixFDs = try require(uint32Only(value), "u")
            case .signature:
                guard case .signature(let s) = value else { throw wrongType("g") }
                signature = s
            case nil: continue  // unknown fields must be ignored
            }
        }
        if let missing = message.missingRequiredFields {
            throw .malformedMessage(missing, offset: 12)
        }
        let bodyTypes: [DBusType]
        do {
            bodyTypes = try DBusType.parse(signature)
        } catch {
            throw .malformedMessage(error.description, offset: 12)
        }
        var bodyReader = DBusReader(bytes: bytes, endianness: endianness, offset: bodyStart)
        message.body = try bodyReader.read(bodyTypes)
        guard bodyReader.offset == bytes.count else {
            throw .malformedMessage("\(bytes.count - bodyReader.offset) bytes after the body's signature '\(signature)' is complete",
                                    offset: bodyReader.offset)
        }
        return message
    }

    private func validateRequiredFields() throws(DBusError) {
        if let missing = missingRequiredFields { throw .invalidValue(missing) }
    }

    /// What the message type requires and the header lacks, or `nil` when complete.
    private var missingRequiredFields: String? {
        switch kind {
        case .methodCall where path == nil || member == nil: "a method call needs a path and a member"
        case .signal where path == nil || interface == nil || member == nil: "a signal needs a path, an interface and a member"
        case .error where errorName == nil || replySerial == nil: "an error needs an error name and a reply serial"
        case .methodReturn where replySerial == nil: "a method return needs a reply serial"
        default: nil
        }
    }
}

private func stringOnly(_ value: DBusValue) -> String? {
    if case .string(let s) = value { return s }
    return nil
}

private func uint32Only(_ value: DBusValue) -> UInt32? {
    if case .uint32(let v) = value { return v }
    return nil
}
