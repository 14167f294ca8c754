import Foundation

/// Reading from the source, encoding detection and positions.
extension XMLScanner {
    /// Moves the unconsumed bytes to the front (counting lines of what is dropped) and reads more.
    /// Grows the buffer when one token fills it.
    /// - Returns: `false` at the end of the source.
    func refill() throws(XMLScanError) -> Bool {
        if sourceExhausted { return false }
        if start > 0 {
            advanceLines(to: start)
            let remaining = end - start
            if remaining > 0 { memmove(bytes, bytes + start, remaining) }
            bufferOffset += start
            countedIndex -= start
            end = remaining
            start = 0
        }
        if isFull {
            // One token fills the buffer (text never gets here: it is delivered in pieces).
            guard capacity < Self.maximumTokenSize else { throw error(.tokenTooLarge, at: start) }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.update(from: bytes, count: end)
            bytes.deallocate()
            bytes = grown
            capacity *= 2
        }
        return try readMore()
    }

    /// `true` when the buffer has no room for another read (a transcoded character needs 4 bytes).
    var isFull: Bool { capacity - end < 4 }

    /// Reads into the free end of the buffer; `false` at the end of the source.
    private func readMore() throws(XMLScanError) -> Bool {
        let count: Int
        do {
            count = try source.read(into: UnsafeMutableRawBufferPointer(start: bytes + end, count: capacity - end))
        } catch {
            var failure = self.error(.readFailed, at: end)
            failure.cause = error
            throw failure
        }
        guard count > 0 else {
            sourceExhausted = true
            return false
        }
        end += count
        return true
    }

    /// Reads the first bytes: refuses gzip, skips a byte-order mark and switches to a transcoding
    /// source for UTF-16 and the declared 8-bit encodings.
    func prepare() throws(XMLScanError) {
        prepared = true
        while end < 4, try readMore() {}
        func startsWith(_ prefix: [UInt8]) -> Bool {
            end >= prefix.count && (0..<prefix.count).allSatisfy { bytes[$0] == prefix[$0] }
        }
        if startsWith([0x1F, 0x8B]) { throw error(.gzipCompressed, at: 0) }
        if startsWith([0xFF, 0xFE]) || startsWith([0x3C, 0x00, 0x3F, 0x00]) {
            return transcode(.utf16LittleEndian, skipping: bytes[0] == 0xFF ? 2 : 0)
        }
        if startsWith([0xFE, 0xFF]) || startsWith([0x00, 0x3C, 0x00, 0x3F]) {
            return transcode(.utf16BigEndian, skipping: bytes[0] == 0xFE ? 2 : 0)
        }
        if startsWith([0xEF, 0xBB, 0xBF]) {
            start = 3
            lineStartOffset = 3
        }
        guard let name = try declaredEncoding() else { return }
        switch name {
        case "utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf16":
            return // UTF-16 declared in 8-bit bytes: libxml2 reads it as UTF-8 too
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819", "iso-ir-100":
            transcode(.latin1, skipping: start)
        case "windows-1252", "cp1252", "x-cp1252":
            transcode(.windows1252, skipping: start)
        default:
            throw error(.unsupportedEncoding, at: start)
        }
    }

    private func transcode(_ encoding: XMLTranscodingSource.Encoding, skipping prefix: Int) {
        let initial = UnsafeRawBufferPointer(start: bytes + prefix, count: end - prefix)
        source = XMLTranscodingSource(base: source, encoding: encoding, initial: initial, baseExhausted: sourceExhausted)
        sourceExhausted = false
        start = 0
        end = 0
        lineStartOffset = 0
    }

    /// The lower-cased `encoding` of an XML declaration at `start`, or `nil`.
    private func declaredEncoding() throws(XMLScanError) -> String? {
        let opening = Array("<?xml".utf8)
        while end - start < opening.count, try readMore() {}
        guard end - start >= opening.count, (0..<opening.count).allSatisfy({ bytes[start + $0] == opening[$0] }) else { return nil }
        var close = start
        while true {
            while close + 1 < end, !(bytes[close] == 0x3F && bytes[close + 1] == 0x3E) { close += 1 }
            if close + 1 < end || end - start > 4096 || isFull { break }
            guard try readMore() else { break }
        }
        let declaration = String(decoding: UnsafeBufferPointer(start: bytes + start, count: close - start), as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote }).lowercased()
    }

    // MARK: Positions

    /// Counts the line breaks up to `index` (8 bytes at a time).
    func advanceLines(to index: Int) {
        guard index > countedIndex else { return }
        var i = countedIndex
        var line = countedLine
        var lastBreak = -1
        let raw = UnsafeRawPointer(bytes)
        while i + 8 <= index {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ 0x0A0A_0A0A_0A0A_0A0A
            let zeros = ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word | 0x7F7F_7F7F_7F7F_7F7F)
            if zeros != 0 {
                line += zeros.nonzeroBitCount
                lastBreak = i + (63 - zeros.leadingZeroBitCount) / 8
            }
            i += 8
        }
        while i < index {
            if bytes[i] == 0x0A { line += 1; lastBreak = i }
            i += 1
        }
        countedLine = line
        if lastBreak >= 0 { lineStartOffset = bufferOffset + lastBreak + 1 }
        countedIndex = index
    }

    /// The line, column and offset of the byte at a buffer index.
    func position(at index: Int) -> XMLPosition {
        if index >= countedIndex {
            advanceLines(to: index)
            return XMLPosition(line: countedLine, column: bufferOffset + index - lineStartOffset + 1, offset: bufferOffset + index)
        }
        var line = countedLine
        var i = countedIndex - 1
        while i >= index {
            if bytes[i] == 0x0A { line -= 1 }
            i -= 1
        }
        var lineStart = index
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let lineStartOffset = lineStart == 0 && line == countedLine ? self.lineStartOffset : bufferOffset + lineStart
        return XMLPosition(line: line, column: bufferOffset + index - lineStartOffset + 1, offset: bufferOffset + index)
    }

    /// The position of the current token: a start tag's `>` (or the `/` of `/>`), the byte after
    /// an end tag's `>`, or the first byte of text, as libxml2 reports them.
    var tokenPosition: XMLPosition { position(at: tokenMark) }

    /// The position of the first byte not yet read.
    var currentPosition: XMLPosition { position(at: start) }

    /// An error of `kind` at the byte at a buffer index.
    func error(_ kind: XMLScanError.Kind, at index: Int) -> XMLScanError {
        let position = position(at: min(index, end))
        return XMLScanError(kind: kind, line: position.line, column: position.column, offset: position.offset)
    }
}
