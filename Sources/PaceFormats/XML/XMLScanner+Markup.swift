import Foundation

/// Comments, processing instructions, CDATA sections and the DOCTYPE.
extension XMLScanner {
    private static let commentOpen: [UInt8] = Array("<!--".utf8)
    private static let cdataOpen: [UInt8] = Array("<![CDATA[".utf8)
    private static let doctypeOpen: [UInt8] = Array("<!DOCTYPE".utf8)
    private static let entityOpen: [UInt8] = Array("<!ENTITY".utf8)

    @inline(__always) func bytesMatch(_ literal: [UInt8], at index: Int) -> Bool {
        guard end - index >= literal.count else { return false }
        for (offset, byte) in literal.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    /// `<!` at `start`: a comment, a CDATA section or the DOCTYPE.
    func scanBang() throws(XMLScanError) -> Step {
        if end - start < 9, !sourceExhausted { return .needMore }
        if bytesMatch(Self.commentOpen, at: start) {
            start += 4
            skipping = .comment
            return .skipped
        }
        if bytesMatch(Self.cdataOpen, at: start) {
            guard depth > 0 else { throw error(sawRoot ? .contentAfterRoot : .textBeforeRoot, at: start) }
            let begin = start + 9
            var i = begin
            while i + 2 < end {
                if bytes[i] == 0x5D, bytes[i + 1] == 0x5D, bytes[i + 2] == 0x3E {
                    start = i + 3
                    guard i > begin else { return .skipped }
                    setCDATA(from: begin, to: i)
                    return .token(.text)
                }
                i += 1
            }
            return .needMore
        }
        if bytesMatch(Self.doctypeOpen, at: start) {
            guard !sawRoot, !sawDoctype else { throw error(.malformedMarkup, at: start) }
            return try scanDoctype()
        }
        if bytesMatch(Self.entityOpen, at: start) { throw error(.entityDeclaration, at: start) }
        throw error(.malformedMarkup, at: start)
    }

    /// Skips the DOCTYPE: its name, external identifier and internal subset (declarations,
    /// comments, processing instructions, parameter-entity references). Refuses `<!ENTITY`.
    private func scanDoctype() throws(XMLScanError) -> Step {
        var i = start + 9
        var quote: UInt8 = 0
        var inSubset = false
        while i < end {
            let byte = bytes[i]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if !inSubset {
                if byte == 0x5B {
                    inSubset = true
                } else if byte == 0x3E {
                    start = i + 1
                    sawDoctype = true
                    return .skipped
                } else if byte == 0x3C {
                    throw error(.malformedMarkup, at: i)
                }
            } else if byte == 0x5D {
                inSubset = false
            } else if byte == 0x3C {
                guard end - i >= 8 else { return .needMore }
                if bytesMatch(Self.entityOpen, at: i) { throw error(.entityDeclaration, at: i) }
                if bytesMatch(Self.commentOpen, at: i) {
                    guard let close = find(0x2D, 0x2D, 0x3E, from: i + 4) else { return .needMore }
                    i = close + 3
                    continue
                }
                if bytes[i + 1] == 0x3F {
                    guard let close = find(0x3F, 0x3E, nil, from: i + 2) else { return .needMore }
                    i = close + 2
                    continue
                }
            }
            i += 1
        }
        return .needMore
    }

    /// The index of the first occurrence of two or three bytes from `index`, or `nil`.
    private func find(_ first: UInt8, _ second: UInt8, _ third: UInt8?, from index: Int) -> Int? {
        let length = third == nil ? 2 : 3
        var i = index
        while i + length <= end {
            if bytes[i] == first, bytes[i + 1] == second, third == nil || bytes[i + 2] == third! { return i }
            i += 1
        }
        return nil
    }

    /// Skips inside a comment or processing instruction; `false` when more bytes are needed (then
    /// everything but the last two bytes has been consumed, so a long comment needs no memory).
    func skipRest() throws(XMLScanError) -> Bool {
        let isComment = skipping == .comment
        let close = isComment ? find(0x2D, 0x2D, 0x3E, from: start) : find(0x3F, 0x3E, nil, from: start)
        if let close {
            start = close + (isComment ? 3 : 2)
            skipping = .none
            return true
        }
        start = max(start, end - 2)
        return false
    }
}
