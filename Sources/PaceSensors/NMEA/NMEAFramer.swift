/// Splits a raw byte stream into NMEA 0183 sentences, resynchronising after noise.
///
/// A sentence starts at `$` or `!` and ends at CR or LF. Everything else is reported, never fatal:
/// bytes between sentences (comment lines, noise, a binary protocol such as UBX) as one
/// ``NMEAParseError/Code/garbage`` per run; a sentence with a byte outside printable ASCII as
/// ``NMEAParseError/Code/binary``; one longer than ``maximumSentenceLength`` as
/// ``NMEAParseError/Code/overlong``; one cut off by the next start character or by the end of the
/// stream as ``NMEAParseError/Code/truncated``. Feed bytes in chunks of any size; state carries over.
public struct NMEAFramer: Sendable {
    /// One result of framing.
    public enum Output: Hashable, Sendable {
        /// A complete sentence from `$`/`!` up to, not including, the line end.
        case sentence([UInt8])
        /// Input that was dropped, and why.
        case skipped(NMEAParseError)
    }

    /// The longest sentence accepted, in bytes from the start character to the end of the checksum.
    /// NMEA 0183 allows 80 (82 with CR LF); real receivers exceed it (Trimble GGA with 8-decimal
    /// minutes is 88), so the default is twice the standard's limit.
    public var maximumSentenceLength: Int

    private var sentence: [UInt8] = []
    private var inSentence = false
    private var discarding = false
    private var garbageCount = 0
    private var garbageSample: [UInt8] = []
    /// Bytes consumed so far, for error positions.
    public private(set) var offset = 0

    /// Creates a framer.
    /// - Parameter maximumSentenceLength: The longest sentence accepted, in bytes (default 164).
    public init(maximumSentenceLength: Int = 164) {
        self.maximumSentenceLength = maximumSentenceLength
        sentence.reserveCapacity(maximumSentenceLength)
    }

    /// Consumes `bytes` and returns the sentences and skips they complete, in order.
    public mutating func push<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Output] {
        var out: [Output] = []
        for byte in bytes {
            offset += 1
            switch byte {
            case UInt8(ascii: "$"), UInt8(ascii: "!"):
                if inSentence && !discarding {
                    out.append(.skipped(NMEAParseError(code: .truncated,
                        message: "sentence '\(Self.head(sentence))…' cut off by a new sentence at byte \(offset - 1)")))
                }
                flushGarbage(into: &out)
                sentence.removeAll(keepingCapacity: true)
                sentence.append(byte)
                inSentence = true
                discarding = false
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                if inSentence {
                    if !discarding { out.append(.sentence(sentence)) }
                    inSentence = false
                    discarding = false
                    sentence.removeAll(keepingCapacity: true)
                }
            default:
                if !inSentence {
                    if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { noteGarbage(byte) }
                } else if discarding {
                    continue
                } else if byte < 0x20 || byte > 0x7E {
                    out.append(.skipped(NMEAParseError(code: .binary,
                        message: "sentence '\(Self.head(sentence))…' contains byte 0x\(NMEASentenceParser.hex(byte)) at byte \(offset - 1); dropped")))
                    discarding = true
                } else if sentence.count >= maximumSentenceLength {
                    out.append(.skipped(NMEAParseError(code: .overlong,
                        message: "sentence '\(Self.head(sentence))…' is longer than \(maximumSentenceLength) bytes at byte \(offset - 1); dropped")))
                    discarding = true
                } else {
                    sentence.append(byte)
                }
            }
        }
        return out
    }

    /// Reports what is left at the end of the stream: a sentence without its line end is
    /// ``NMEAParseError/Code/truncated``, pending noise ``NMEAParseError/Code/garbage``.
    public mutating func finish() -> [Output] {
        var out: [Output] = []
        if inSentence && !discarding {
            out.append(.skipped(NMEAParseError(code: .truncated,
                message: "sentence '\(Self.head(sentence))…' has no line end at the end of the stream")))
        }
        inSentence = false
        discarding = false
        sentence.removeAll(keepingCapacity: true)
        flushGarbage(into: &out)
        return out
    }

    private mutating func noteGarbage(_ byte: UInt8) {
        garbageCount += 1
        if garbageSample.count < 6 { garbageSample.append(byte) }
    }

    private mutating func flushGarbage(into out: inout [Output]) {
        guard garbageCount > 0 else { return }
        let printable = garbageSample.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
        let sample = printable ? "'\(String(decoding: garbageSample, as: UTF8.self))…'" : "binary data"
        out.append(.skipped(NMEAParseError(code: .garbage,
            message: "\(garbageCount) bytes outside any sentence (\(sample)) before byte \(offset - 1)")))
        garbageCount = 0
        garbageSample.removeAll(keepingCapacity: true)
    }

    /// The address part of a sentence for messages (never the fields, which may hold coordinates).
    static func head(_ sentence: [UInt8]) -> String {
        let end = sentence.firstIndex(of: UInt8(ascii: ",")) ?? min(sentence.count, 10)
        return String(decoding: sentence[..<min(end, 10)], as: UTF8.self)
    }
}
