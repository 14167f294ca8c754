import Foundation

/// Finds `<!ENTITY` and the `<!DOCTYPE …>` span in an XML file's prolog without reading the whole
/// (multi-gigabyte) file.
///
/// Entity declarations can only appear before the root element, so the scan stops at the first
/// start tag that is outside comments, processing instructions, quoted literals and the DOCTYPE.
/// An internal DTD subset such as Apple's (`<!ELEMENT`/`<!ATTLIST` only) passes. Zero bytes are skipped so
/// UTF-16 files are searched too. This mirrors ``GPXReader``'s whole-document check, which needs all
/// bytes in memory.
struct XMLPrologScanner {
    private enum State {
        case normal, quoted(UInt8), lessThan, bang, comment(dashes: Int), instruction(sawQuestion: Bool)
    }

    private static let entity = Array("ENTITY".utf8)
    private static let doctype = Array("DOCTYPE".utf8)
    private var offset = -1
    private var tagOffset = 0
    private var sawZeroByte = false
    private var doctypeStart: Int?
    private var doctypeDepth = 0
    private var state = State.normal
    private var bangBytes: [UInt8] = []
    private var line = 1
    private var column = 0
    private var tagLine = 1
    private var tagColumn = 1
    /// `true` once the root element's start tag was reached (no entity declaration can follow).
    private(set) var reachedRoot = false
    /// The 1-based line and column of the first `<!ENTITY`, once found.
    private(set) var entityPosition: (line: Int, column: Int)?
    /// The byte offsets of the whole `<!DOCTYPE …>` declaration in a UTF-8 (or ASCII-compatible)
    /// file, once its closing `>` was seen; `nil` for UTF-16 files.
    private(set) var doctypeRange: ClosedRange<Int>?

    /// Scans the file at `url` in 64 KiB chunks until the root element or an entity declaration.
    static func scan(fileAt url: URL) throws -> XMLPrologScanner {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var scanner = XMLPrologScanner()
        while !scanner.reachedRoot, scanner.entityPosition == nil {
            guard let chunk = try handle.read(upToCount: 65_536), !chunk.isEmpty else { break }
            scanner.scan(chunk)
        }
        if scanner.sawZeroByte { scanner.doctypeRange = nil }
        return scanner
    }

    /// Scans a whole document held in memory (GPX, TCX); the DOCTYPE range is dropped for
    /// UTF-16 documents, whose byte offsets it cannot give.
    static func scan(_ data: Data) -> XMLPrologScanner {
        var scanner = XMLPrologScanner()
        scanner.scan(data)
        if scanner.sawZeroByte { scanner.doctypeRange = nil }
        return scanner
    }

    /// Feeds more bytes; stops early once the root element or an entity declaration is found.
    mutating func scan(_ bytes: Data) {
        for byte in bytes {
            if reachedRoot || entityPosition != nil { return }
            offset += 1
            if byte == 0 { sawZeroByte = true; continue }
            if byte == 0x0A { line += 1; column = 0 } else { column += 1 }
            step(byte)
        }
    }

    private mutating func step(_ byte: UInt8) {
        switch state {
        case .normal:
            if byte == 0x22 || byte == 0x27 { state = .quoted(byte) }
            if byte == 0x3C { state = .lessThan; tagLine = line; tagColumn = column; tagOffset = offset }
            if let start = doctypeStart, doctypeRange == nil {
                if byte == 0x5B { doctypeDepth += 1 }
                if byte == 0x5D { doctypeDepth -= 1 }
                if byte == 0x3E, doctypeDepth <= 0 { doctypeRange = start...offset }
            }
        case .quoted(let quote):
            if byte == quote { state = .normal }
        case .lessThan:
            switch byte {
            case 0x21: state = .bang; bangBytes = []
            case 0x3F: state = .instruction(sawQuestion: false)
            case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x3A, 0x80...:
                if doctypeStart != nil, doctypeRange == nil { state = .normal } else { reachedRoot = true }
            default: state = .normal; step(byte)
            }
        case .bang:
            bangBytes.append(byte)
            if bangBytes == [0x2D, 0x2D] {
                state = .comment(dashes: 0)
            } else if bangBytes == Self.entity {
                entityPosition = (tagLine, tagColumn)
            } else if bangBytes == Self.doctype, doctypeStart == nil {
                doctypeStart = tagOffset
                state = .normal
            } else if !Self.entity.starts(with: bangBytes), !Self.doctype.starts(with: bangBytes), !(bangBytes == [0x2D]) {
                state = .normal
                step(byte)
            }
        case .comment(let dashes):
            if byte == 0x3E, dashes >= 2 { state = .normal } else { state = .comment(dashes: byte == 0x2D ? dashes + 1 : 0) }
        case .instruction(let sawQuestion):
            if byte == 0x3E, sawQuestion { state = .normal } else { state = .instruction(sawQuestion: byte == 0x3F) }
        }
    }
}
