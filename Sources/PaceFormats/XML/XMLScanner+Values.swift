import Foundation

/// Names, attributes and text of the current token, as byte views or decoded strings.
extension XMLScanner {
    /// The current element's qualified name (`gpxtpx:hr`); valid until the next ``next()``.
    var name: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: bytes + nameStart, count: nameEnd - nameStart) }

    /// The current element's local name (`hr` of `gpxtpx:hr`); valid until the next ``next()``.
    var localName: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: bytes + localStart, count: nameEnd - localStart) }

    /// The current element's qualified name as a string.
    var nameString: String { String(decoding: name, as: UTF8.self) }

    /// `bytes` without XML white space (space, tab, line feed, carriage return) at either end.
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var first = 0
        var last = bytes.count
        while first < last, isSpace(bytes[first]) { first += 1 }
        while last > first, isSpace(bytes[last - 1]) { last -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[first..<last])
    }

    /// The current element's local name as a string.
    var localNameString: String { String(decoding: localName, as: UTF8.self) }

    /// The current text, undecoded (references and carriage returns as written); valid until the
    /// next ``next()``.
    var rawText: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: bytes + textStart, count: textEnd - textStart) }

    /// Appends the current text, references decoded and line breaks normalised, to `output`.
    func appendText(to output: inout [UInt8]) {
        if textNeedsDecoding {
            appendDecoded(from: textStart, to: textEnd, attribute: false, to: &output)
        } else {
            output.append(contentsOf: UnsafeBufferPointer(start: bytes + textStart, count: textEnd - textStart))
        }
    }

    /// Appends the current text, references decoded and line breaks normalised, to `output`.
    func appendText(to output: inout XMLUnsafeStack<UInt8>) {
        if textNeedsDecoding {
            var decoded: [UInt8] = []
            appendDecoded(from: textStart, to: textEnd, attribute: false, to: &decoded)
            decoded.withUnsafeBufferPointer { output.append(from: $0.baseAddress!, count: $0.count) }
        } else {
            output.append(from: bytes + textStart, count: textEnd - textStart)
        }
    }

    /// The current text, decoded.
    var textString: String {
        guard textNeedsDecoding else { return String(decoding: rawText, as: UTF8.self) }
        var output: [UInt8] = []
        appendText(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The number of attributes of the current start tag.
    var attributeCount: Int { attributes.count }

    /// The local name of attribute `index` of the current start tag.
    func attributeLocalName(_ index: Int) -> UnsafeRawBufferPointer {
        let span = attributes[index]
        return UnsafeRawBufferPointer(start: bytes + span.localStart, count: span.nameEnd - span.localStart)
    }

    /// The qualified name of attribute `index` as a string.
    func attributeNameString(_ index: Int) -> String {
        let span = attributes[index]
        return String(decoding: UnsafeRawBufferPointer(start: bytes + span.nameStart, count: span.nameEnd - span.nameStart), as: UTF8.self)
    }

    /// The undecoded value of attribute `index`; valid until the next ``next()``.
    func attributeRawValue(_ index: Int) -> UnsafeRawBufferPointer {
        let span = attributes[index]
        return UnsafeRawBufferPointer(start: bytes + span.valueStart, count: span.valueEnd - span.valueStart)
    }

    /// `true` when attribute `index`'s value must be decoded (it has a reference or a line break).
    func attributeNeedsDecoding(_ index: Int) -> Bool { attributes[index].needsDecoding }

    /// The decoded value of attribute `index` (references replaced, white space normalised).
    func attributeString(_ index: Int) -> String {
        let span = attributes[index]
        guard span.needsDecoding else { return String(decoding: attributeRawValue(index), as: UTF8.self) }
        var output: [UInt8] = []
        appendDecoded(from: span.valueStart, to: span.valueEnd, attribute: true, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The index of the first attribute whose qualified name, or else local name, is `name`.
    func attributeIndex(named name: StaticString) -> Int? {
        let literal = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for index in 0..<attributes.count {
            let span = attributes[index]
            if XMLScanner.equal(UnsafeRawBufferPointer(start: bytes + span.nameStart, count: span.nameEnd - span.nameStart), literal) {
                return index
            }
        }
        return (0..<attributes.count).first { XMLScanner.equal(attributeLocalName($0), literal) }
    }

    /// All attributes of the current start tag by qualified name, decoded (the first of duplicates wins).
    func attributeDictionary() -> [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(attributes.count)
        for index in 0..<attributes.count where result[attributeNameString(index)] == nil {
            result[attributeNameString(index)] = attributeString(index)
        }
        return result
    }

    /// `true` when two byte views are equal.
    @inline(__always) static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        lhs.count == rhs.count && (lhs.count == 0 || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0)
    }

    // MARK: References

    /// Checks every `&…;` between two buffer indices: the five predefined entities and character
    /// references to characters XML allows.
    func validateReferences(from begin: Int, to finish: Int) throws(XMLScanError) {
        var i = begin
        while i < finish {
            if bytes[i] == 0x26 {
                guard let (_, length) = reference(at: i, limit: finish) else {
                    var semicolon = i + 1
                    while semicolon < finish, semicolon - i < 64, bytes[semicolon] != 0x3B { semicolon += 1 }
                    if semicolon < finish, bytes[semicolon] == 0x3B {
                        throw error(bytes[i + 1] == 0x23 ? .invalidCharacter : .undeclaredEntity, at: i)
                    }
                    throw error(.unterminatedReference, at: i)
                }
                i += length
            } else if bytes[i] < 0x20, bytes[i] != 0x09, bytes[i] != 0x0A, bytes[i] != 0x0D {
                throw error(.invalidCharacter, at: i)
            } else {
                i += 1
            }
        }
    }

    /// The character a reference at `index` stands for and the reference's length in bytes, or
    /// `nil` for an unknown, malformed or disallowed one.
    private func reference(at index: Int, limit: Int) -> (UInt32, Int)? {
        var i = index + 1
        if i < limit, bytes[i] == 0x23 {
            i += 1
            var radix: UInt32 = 10
            if i < limit, bytes[i] == 0x78 { radix = 16; i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while i < limit, bytes[i] != 0x3B {
                let byte = bytes[i]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x61...0x66 where radix == 16: digit = UInt32(byte - 0x61 + 10)
                case 0x41...0x46 where radix == 16: digit = UInt32(byte - 0x41 + 10)
                default: return nil
                }
                value = value * radix + digit
                if value > 0x10FFFF { return nil }
                i += 1
            }
            guard i < limit, i > digitsStart else { return nil }
            let allowed = value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            return allowed ? (value, i + 1 - index) : nil
        }
        let nameStart = i
        while i < limit, i - nameStart <= 4, bytes[i] != 0x3B { i += 1 }
        guard i < limit, bytes[i] == 0x3B else { return nil }
        let name = UnsafeRawBufferPointer(start: bytes + nameStart, count: i - nameStart)
        let length = i + 1 - index
        switch name.count {
        case 2 where name[1] == 0x74 && name[0] == 0x6C: return (0x3C, length) // lt
        case 2 where name[1] == 0x74 && name[0] == 0x67: return (0x3E, length) // gt
        case 3 where name[0] == 0x61 && name[1] == 0x6D && name[2] == 0x70: return (0x26, length) // amp
        case 4 where name[0] == 0x61 && name[1] == 0x70 && name[2] == 0x6F && name[3] == 0x73: return (0x27, length) // apos
        case 4 where name[0] == 0x71 && name[1] == 0x75 && name[2] == 0x6F && name[3] == 0x74: return (0x22, length) // quot
        default: return nil
        }
    }

    /// Appends bytes with references replaced and line breaks normalised (`\r\n` and `\r` → `\n`;
    /// in attribute values tab, `\n` and `\r` → space).
    func appendDecoded(from begin: Int, to finish: Int, attribute: Bool, to output: inout [UInt8]) {
        var i = begin
        while i < finish {
            let byte = bytes[i]
            if byte == 0x26, let (scalar, length) = reference(at: i, limit: finish) {
                output.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
                i += length
                continue
            }
            if byte == 0x0D {
                output.append(attribute ? 0x20 : 0x0A)
                i += (i + 1 < finish && bytes[i + 1] == 0x0A) ? 2 : 1
                continue
            }
            output.append(attribute && (byte == 0x09 || byte == 0x0A) ? 0x20 : byte)
            i += 1
        }
    }
}
