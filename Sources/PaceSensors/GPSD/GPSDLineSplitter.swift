/// Splits the byte stream from gpsd into lines.
///
/// gpsd ends each JSON object with CR LF; the splitter accepts LF with or without CR, drops empty
/// lines, and refuses lines longer than ``maximumLineLength`` (far above gpsd's own limit, so only
/// a wrong or broken peer hits it): the rest of such a line is discarded and counted.
struct GPSDLineSplitter {
    /// One result of ``append(_:)``.
    enum Piece: Equatable {
        /// A complete line without its terminator.
        case line([UInt8])
        /// A line longer than the limit was discarded; its length so far, in bytes.
        case tooLong(Int)
    }

    /// The longest line accepted, in bytes.
    let maximumLineLength: Int
    private var pending: [UInt8] = []
    private var discarding = 0

    /// Creates a splitter.
    /// - Parameter maximumLineLength: Bytes; gpsd's longest JSON responses are a few KiB.
    init(maximumLineLength: Int = 65_536) {
        self.maximumLineLength = maximumLineLength
    }

    /// Adds received bytes and returns the lines they complete.
    mutating func append(_ bytes: some Sequence<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if discarding > 0 {
                    pieces.append(.tooLong(discarding))
                    discarding = 0
                } else {
                    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                    if !pending.isEmpty { pieces.append(.line(pending)) }
                }
                pending.removeAll(keepingCapacity: true)
            } else if discarding > 0 {
                discarding += 1
            } else if pending.count >= maximumLineLength {
                discarding = pending.count + 1
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
        return pieces
    }
}
