/// A ``ByteSource`` that converts another source's UTF-16 or 8-bit text to UTF-8 as it is read.
///
/// Unpaired UTF-16 surrogates become U+FFFD; windows-1252 maps 0x80–0x9F to its printable
/// characters (the five undefined bytes to U+FFFD). Used by ``XMLScanner``.
final class XMLTranscodingSource: ByteSource {
    enum Encoding {
        case latin1, windows1252, utf16LittleEndian, utf16BigEndian
    }

    /// The characters windows-1252 puts at 0x80–0x9F (0xFFFD where it defines none).
    private static let windows1252High: [UInt16] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    private let base: any ByteSource
    private let encoding: Encoding
    private var raw: UnsafeMutableRawBufferPointer
    private var rawStart = 0
    private var rawEnd = 0
    private var baseExhausted: Bool
    private var highSurrogate: UInt32?

    /// Creates a source that first converts `initial` (bytes already read from `base`), then the rest of `base`.
    init(base: any ByteSource, encoding: Encoding, initial: UnsafeRawBufferPointer, baseExhausted: Bool) {
        self.base = base
        self.encoding = encoding
        self.baseExhausted = baseExhausted
        raw = .allocate(byteCount: max(65_536, initial.count), alignment: 8)
        raw.copyMemory(from: initial)
        rawEnd = initial.count
    }

    deinit { raw.deallocate() }

    /// Writes UTF-8 into `buffer` (which must hold at least 4 bytes).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let unit = encoding == .latin1 || encoding == .windows1252 ? 1 : 2
        var written = 0
        while written == 0 {
            if rawEnd - rawStart < unit {
                if baseExhausted { return flushAtEnd(into: buffer) }
                let left = rawEnd - rawStart
                if left > 0 { raw.baseAddress!.copyMemory(from: raw.baseAddress! + rawStart, byteCount: left) }
                rawStart = 0
                rawEnd = left
                let count = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[rawEnd...]))
                if count == 0 { baseExhausted = true }
                rawEnd += count
                continue
            }
            while written + 4 <= buffer.count, rawEnd - rawStart >= unit {
                let scalar: UInt32
                switch encoding {
                case .latin1:
                    scalar = UInt32(raw[rawStart])
                case .windows1252:
                    let byte = raw[rawStart]
                    scalar = (0x80...0x9F).contains(byte) ? UInt32(Self.windows1252High[Int(byte - 0x80)]) : UInt32(byte)
                case .utf16LittleEndian, .utf16BigEndian:
                    let first = raw[rawStart], second = raw[rawStart + 1]
                    let value = encoding == .utf16LittleEndian ? UInt32(first) | UInt32(second) << 8 : UInt32(first) << 8 | UInt32(second)
                    rawStart += 2
                    if (0xD800...0xDBFF).contains(value) {
                        if highSurrogate != nil { written += Self.put(0xFFFD, into: buffer, at: written) }
                        highSurrogate = value
                        continue
                    }
                    if (0xDC00...0xDFFF).contains(value) {
                        if let high = highSurrogate {
                            highSurrogate = nil
                            written += Self.put(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00), into: buffer, at: written)
                        } else {
                            written += Self.put(0xFFFD, into: buffer, at: written)
                        }
                        continue
                    }
                    if highSurrogate != nil {
                        highSurrogate = nil
                        written += Self.put(0xFFFD, into: buffer, at: written)
                        if written + 4 > buffer.count { rawStart -= 2; return written }
                    }
                    written += Self.put(value, into: buffer, at: written)
                    continue
                }
                rawStart += 1
                written += Self.put(scalar, into: buffer, at: written)
            }
        }
        return written
    }

    /// What is left at the end of the base source: a dangling surrogate or odd byte becomes U+FFFD.
    private func flushAtEnd(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard highSurrogate != nil || rawEnd > rawStart else { return 0 }
        highSurrogate = nil
        rawStart = rawEnd
        return Self.put(0xFFFD, into: buffer, at: 0)
    }

    /// Writes a scalar as UTF-8; returns the number of bytes.
    private static func put(_ scalar: UInt32, into buffer: UnsafeMutableRawBufferPointer, at index: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            buffer[index] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            buffer[index] = UInt8(0xC0 | scalar >> 6)
            buffer[index + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            buffer[index] = UInt8(0xE0 | scalar >> 12)
            buffer[index + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            buffer[index + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            buffer[index] = UInt8(0xF0 | scalar >> 18)
            buffer[index + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            buffer[index + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            buffer[index + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
