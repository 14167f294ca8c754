import Foundation

/// What ``XMLScanner/next()`` found.
enum XMLToken: UInt8, Sendable {
    /// A start tag (`<a b="c">`, or `<a/>`, which is followed by its ``endElement``).
    case startElement
    /// An end tag, or the end of an empty-element tag.
    case endElement
    /// Character data or a CDATA section that is not only white space (possibly one piece of a
    /// longer run).
    case text
    /// The end of a well-formed document.
    case endOfDocument
}

/// A byte-level, pull-style streaming XML tokenizer over a ``ByteSource``.
///
/// The scanner reads the source through one reusable buffer (512 KiB by default, grown only for a
/// single tag or DOCTYPE larger than that), so a document of any size is read in constant memory.
/// Names, attribute values and text are exposed as byte views into the buffer, valid until the
/// next call to ``next()``; nothing is allocated per element unless the caller asks for a `String`.
///
/// - Encodings: UTF-8 with or without BOM; UTF-16 LE/BE (by BOM, or by `<?` in 16 bits) and
///   ISO-8859-1/Latin-1/windows-1252/US-ASCII (as declared in the XML declaration) are transcoded
///   to UTF-8 on the fly. Other declared encodings are refused.
/// - Only the five predefined entities and numeric character references are known; `&name;` is an
///   error. The DOCTYPE is skipped, internal subset included, and never fetched; `<!ENTITY` is
///   refused. Comments and processing instructions are skipped; white-space-only text is not
///   reported.
/// - Well-formedness errors (mismatched or unclosed tags, content after the root, malformed
///   attributes, …) throw ``XMLScanError`` with line, column and byte offset.
///
/// A scanner is used from one thread and never hands out references to its state, so its stored
/// properties opt out of dynamic exclusivity checks, which otherwise cost half the scanning time.
final class XMLScanner {
    /// The usual buffer size in bytes.
    static let defaultBufferSize = 512 * 1024
    /// The largest single tag, CDATA section or DOCTYPE, in bytes.
    static let maximumTokenSize = 64 * 1024 * 1024

    enum Step { case token(XMLToken), skipped, needMore }
    enum Skipping { case none, comment, instruction }

    @exclusivity(unchecked) var source: any ByteSource
    @exclusivity(unchecked) var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) var capacity: Int
    /// The first byte not yet consumed.
    @exclusivity(unchecked) var start = 0
    /// One past the last valid byte.
    @exclusivity(unchecked) var end = 0
    @exclusivity(unchecked) var sourceExhausted = false
    @exclusivity(unchecked) var prepared = false
    @exclusivity(unchecked) var skipping = Skipping.none
    /// The offset in the stream of `bytes[0]`.
    @exclusivity(unchecked) var bufferOffset = 0

    // Lines are counted lazily, up to `countedIndex`.
    @exclusivity(unchecked) var countedIndex = 0
    @exclusivity(unchecked) var countedLine = 1
    /// The stream offset of the first byte of line `countedLine`.
    @exclusivity(unchecked) var lineStartOffset = 0

    // The current token.
    @exclusivity(unchecked) private(set) var nameStart = 0
    @exclusivity(unchecked) private(set) var nameEnd = 0
    @exclusivity(unchecked) private(set) var localStart = 0
    @exclusivity(unchecked) private(set) var textStart = 0
    @exclusivity(unchecked) private(set) var textEnd = 0
    /// `true` when the current text is a CDATA section (no references to decode).
    @exclusivity(unchecked) private(set) var textIsCDATA = false
    /// `true` when the current text contains `&` or a carriage return, so it must be decoded.
    @exclusivity(unchecked) private(set) var textNeedsDecoding = false
    /// The buffer index positions refer to: a start tag's `>` (or `/` of `/>`), the byte after an
    /// end tag, the first byte of text.
    @exclusivity(unchecked) var tokenMark = 0
    @exclusivity(unchecked) var attributes = XMLUnsafeStack<XMLAttributeSpan>(capacity: 16)

    // The open elements.
    @exclusivity(unchecked) private var openNames = XMLUnsafeStack<UInt8>(capacity: 1024)
    @exclusivity(unchecked) private var openStarts = XMLUnsafeStack<Int>(capacity: 64)
    @exclusivity(unchecked) private var pendingEnd = false
    /// The bytes of the namespace prefixes declared by open elements, and where each lies and at
    /// which depth it was declared.
    @exclusivity(unchecked) var prefixBytes = XMLUnsafeStack<UInt8>(capacity: 256)
    @exclusivity(unchecked) var prefixes = XMLUnsafeStack<XMLPrefixSpan>(capacity: 8)
    /// Let undeclared namespace prefixes through, recording them in ``undeclaredPrefixes``
    /// (`XMLScanner+Namespaces.swift`); `false` makes them an ``XMLScanError``.
    var toleratesUndeclaredPrefixes = false
    /// Undeclared prefixes met while tolerating them, each once, in document order; readers take them.
    var undeclaredPrefixes: [UndeclaredPrefix] = []
    /// Every undeclared prefix recorded so far (``undeclaredPrefixes`` is drained by the readers).
    var seenUndeclaredPrefixes: Set<String> = []
    /// Read a NUL byte in character data as a space (counted in ``nulCharactersReplaced``, the first
    /// at ``firstReplacedNUL``) instead of failing: devices that pad names like C strings write them
    /// (Concept2's TCX `<Name>Concept2\0\0…`). NUL anywhere else, and every other control character,
    /// still fails.
    var toleratesNULInText = false
    /// NUL bytes read as spaces so far.
    var nulCharactersReplaced = 0
    /// Where the first NUL byte read as a space was.
    var firstReplacedNUL: XMLPosition?
    @exclusivity(unchecked) private(set) var sawRoot = false
    @exclusivity(unchecked) private var rootClosed = false
    @exclusivity(unchecked) var sawDoctype = false

    /// The number of open elements (1 inside the root's start tag).
    var depth: Int { openStarts.count }

    /// Creates a scanner reading `source` from its first byte.
    ///
    /// - Parameters:
    ///   - source: The document's bytes.
    ///   - bufferSize: The buffer's size in bytes (a single larger token grows it), at most: a
    ///     document in memory shorter than that gets a buffer of its own size, since an allocation
    ///     of the usual size costs a small document more than its scan under AddressSanitizer
    ///     (every fuzz input; DECISIONS 171).
    init(source: any ByteSource, bufferSize: Int = XMLScanner.defaultBufferSize) {
        self.source = source
        let known = (source as? DataByteSource)?.remainingCount
        capacity = max(min(bufferSize, known.map { $0 + 4 } ?? bufferSize), 64)
        bytes = .allocate(capacity: capacity)
    }

    deinit {
        bytes.deallocate()
        attributes.deallocate()
        openNames.deallocate()
        openStarts.deallocate()
        prefixBytes.deallocate()
        prefixes.deallocate()
    }

    /// Reads up to the next token.
    func next() throws(XMLScanError) -> XMLToken {
        if pendingEnd {
            pendingEnd = false
            popOpenElement()
            return .endElement
        }
        if !prepared { try prepare() }
        while true {
            if skipping != .none {
                if try skipRest() { continue }
                guard try refill() else { throw error(.malformedMarkup, at: end) }
                continue
            }
            if start >= end {
                if try refill() { continue }
                return try finish()
            }
            let step: Step
            if bytes[start] == 0x3C {
                guard end - start >= 2 else {
                    guard try refill() else { throw error(.malformedTag, at: end) }
                    continue
                }
                switch bytes[start + 1] {
                case 0x2F: step = try scanEndTag()
                case 0x21: step = try scanBang()
                case 0x3F:
                    start += 2
                    skipping = .instruction
                    continue
                default: step = try scanStartTag()
                }
            } else {
                step = try scanText()
                if case .needMore = step {
                    _ = try refill() // at the end of the source, the text runs to the end
                    continue
                }
            }
            switch step {
            case .token(let token): return token
            case .skipped: continue
            case .needMore:
                // At the end of the source the token is retried once with what there is.
                if sourceExhausted { throw error(.unexpectedEnd, at: end) }
                _ = try refill()
            }
        }
    }

    // MARK: Tags

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @inline(__always) private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    private func scanStartTag() throws(XMLScanError) -> Step {
        let limit = end
        var i = start + 1
        let nameBegin = i
        var local = i
        while i < limit {
            let byte = bytes[i]
            if byte <= 0x20 || byte == 0x3E || byte == 0x2F || byte == 0x3D || byte == 0x3C || byte == 0x22 || byte == 0x27 { break }
            if byte == 0x3A { local = i + 1 }
            i += 1
        }
        guard i < limit else { return .needMore }
        guard i > nameBegin, Self.isNameStart(bytes[nameBegin]) else { throw error(.missingName, at: nameBegin) }
        let nameFinish = i
        attributes.removeAll()
        let tagEnd: Int
        let isEmpty: Bool
        while true {
            var sawSpace = false
            while i < limit, Self.isSpace(bytes[i]) { i += 1; sawSpace = true }
            guard i < limit else { return .needMore }
            var byte = bytes[i]
            if byte == 0x3E { tagEnd = i; isEmpty = false; i += 1; break }
            if byte == 0x2F {
                guard i + 1 < limit else { return .needMore }
                guard bytes[i + 1] == 0x3E else { throw error(.malformedTag, at: i + 1) }
                tagEnd = i; isEmpty = true; i += 2; break
            }
            guard sawSpace else { throw error(.malformedTag, at: i) }
            let attributeName = i
            var attributeLocal = i
            while i < limit {
                byte = bytes[i]
                if byte <= 0x20 || byte == 0x3D || byte == 0x3E || byte == 0x2F || byte == 0x3C || byte == 0x22 || byte == 0x27 { break }
                if byte == 0x3A { attributeLocal = i + 1 }
                i += 1
            }
            guard i < limit else { return .needMore }
            guard i > attributeName, Self.isNameStart(bytes[attributeName]) else { throw error(.malformedTag, at: i) }
            let attributeNameEnd = i
            while i < limit, Self.isSpace(bytes[i]) { i += 1 }
            guard i < limit else { return .needMore }
            guard bytes[i] == 0x3D else { throw error(.attributeWithoutValue, at: i) }
            i += 1
            while i < limit, Self.isSpace(bytes[i]) { i += 1 }
            guard i < limit else { return .needMore }
            let quote = bytes[i]
            guard quote == 0x22 || quote == 0x27 else { throw error(.unquotedAttribute, at: i) }
            i += 1
            let valueStart = i
            var needsDecoding = false
            while i < limit {
                byte = bytes[i]
                if byte == quote { break }
                if byte == 0x3C { throw error(.lessThanInAttribute, at: i) }
                if byte == 0x26 || byte < 0x20 { needsDecoding = true }
                i += 1
            }
            guard i < limit else { return .needMore }
            if needsDecoding { try validateReferences(from: valueStart, to: i) }
            attributes.append(XMLAttributeSpan(nameStart: attributeName, localStart: attributeLocal, nameEnd: attributeNameEnd,
                                               valueStart: valueStart, valueEnd: i, needsDecoding: needsDecoding))
            i += 1
        }
        if rootClosed { throw error(.contentAfterRoot, at: start) }
        try bindPrefixes(elementName: nameBegin, local: local, depth: openStarts.count + 1)
        sawRoot = true
        nameStart = nameBegin
        nameEnd = nameFinish
        localStart = local
        openStarts.append(openNames.count)
        openNames.append(from: bytes + nameBegin, count: nameFinish - nameBegin)
        tokenMark = tagEnd
        start = i
        if isEmpty { pendingEnd = true }
        return .token(.startElement)
    }

    private func scanEndTag() throws(XMLScanError) -> Step {
        let limit = end
        // The usual case: the innermost open element's name followed by `>`.
        if let open = openStarts.last {
            let count = openNames.count - open
            let nameBegin = start + 2
            if nameBegin + count < limit, bytes[nameBegin + count] == 0x3E {
                var index = 0
                while index < count, bytes[nameBegin + index] == openNames[open + index] { index += 1 }
                if index == count {
                    var local = nameBegin + count
                    while local > nameBegin, bytes[local - 1] != 0x3A { local -= 1 }
                    nameStart = nameBegin
                    nameEnd = nameBegin + count
                    localStart = local
                    start = nameBegin + count + 1
                    tokenMark = start
                    popOpenElement()
                    return .token(.endElement)
                }
            }
        }
        var i = start + 2
        let nameBegin = i
        var local = i
        while i < limit {
            let byte = bytes[i]
            if byte <= 0x20 || byte == 0x3E || byte == 0x3C { break }
            if byte == 0x3A { local = i + 1 }
            i += 1
        }
        let nameFinish = i
        while i < limit, Self.isSpace(bytes[i]) { i += 1 }
        guard i < limit else { return .needMore }
        guard bytes[i] == 0x3E, nameFinish > nameBegin else { throw error(.malformedTag, at: i) }
        i += 1
        guard let open = openStarts.last else {
            throw error(rootClosed ? .contentAfterRoot : .mismatchedEndTag, at: i)
        }
        let count = nameFinish - nameBegin
        let matches = openNames.count - open == count && memcmp(openNames.base + open, bytes + nameBegin, count) == 0
        guard matches else { throw error(.mismatchedEndTag, at: i) }
        nameStart = nameBegin
        nameEnd = nameFinish
        localStart = local
        tokenMark = i
        start = i
        popOpenElement()
        return .token(.endElement)
    }

    private func popOpenElement() {
        let open = openStarts.removeLast()
        openNames.truncate(to: open)
        if openStarts.isEmpty { rootClosed = true }
        while let last = prefixes.last, last.depth > openStarts.count {
            prefixes.removeLast()
            prefixBytes.truncate(to: last.start)
        }
    }

    // MARK: Text

    private func scanText() throws(XMLScanError) -> Step {
        let begin = start
        var finish: Int
        if let found = memchr(bytes + begin, 0x3C, end - begin) {
            finish = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
        } else if sourceExhausted {
            finish = end
        } else if begin > 0 || !isFull {
            return .needMore
        } else {
            finish = safeTextCut(begin: begin, end: end)
        }
        var needsDecoding = false
        var firstNonSpace = -1
        var i = begin
        while i < finish {
            let byte = bytes[i]
            if byte > 0x20 {
                if firstNonSpace < 0 { firstNonSpace = i }
                if byte == 0x26 { needsDecoding = true }
            } else if byte == 0x0D {
                needsDecoding = true
            } else if byte != 0x20, byte != 0x0A, byte != 0x09 {
                guard byte == 0, toleratesNULInText else { throw error(.invalidCharacter, at: i) }
                bytes[i] = 0x20
                nulCharactersReplaced += 1
                if firstReplacedNUL == nil { firstReplacedNUL = position(at: i) }
            }
            i += 1
        }
        start = finish
        guard firstNonSpace >= 0 else { return .skipped }
        if openStarts.isEmpty { throw error(rootClosed ? .contentAfterRoot : .textBeforeRoot, at: firstNonSpace) }
        if needsDecoding { try validateReferences(from: begin, to: finish) }
        textStart = begin
        textEnd = finish
        textIsCDATA = false
        textNeedsDecoding = needsDecoding
        tokenMark = begin
        return .token(.text)
    }

    /// Where to split a text run that fills the whole buffer: before an unfinished `&…;` and not
    /// inside a UTF-8 sequence.
    private func safeTextCut(begin: Int, end: Int) -> Int {
        var cut = end
        var i = end - 1
        while i >= max(begin, end - 32) {
            if bytes[i] == 0x3B { break }
            if bytes[i] == 0x26 { cut = i; break }
            i -= 1
        }
        var lead = cut - 1
        while lead > begin, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        if lead > begin, bytes[lead] >= 0xC0 { cut = lead }
        if cut - 1 > begin, bytes[cut - 1] == 0x0D { cut -= 1 }
        return cut
    }

    /// Sets the current text to a CDATA section's content.
    func setCDATA(from begin: Int, to finish: Int) {
        textStart = begin
        textEnd = finish
        textIsCDATA = true
        textNeedsDecoding = false
        tokenMark = begin
    }

    // MARK: End

    private func finish() throws(XMLScanError) -> XMLToken {
        if !openStarts.isEmpty { throw error(.unexpectedEnd, at: end) }
        if !sawRoot { throw error(.noRootElement, at: end) }
        return .endOfDocument
    }
}

/// A namespace prefix declared by an open element: where its bytes lie in the scanner's prefix
/// store and the depth of the element that declared it.
struct XMLPrefixSpan {
    var start: Int
    var count: Int
    var depth: Int
}

/// Where an attribute's name and value lie in the scanner's buffer.
struct XMLAttributeSpan {
    var nameStart: Int
    var localStart: Int
    var nameEnd: Int
    var valueStart: Int
    var valueEnd: Int
    var needsDecoding: Bool
}
