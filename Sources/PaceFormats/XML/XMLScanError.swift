/// A well-formedness or input problem found by ``XMLScanner``, with its place in the document.
///
/// Positions count lines from 1 and columns from 1 in bytes of the UTF-8 text the scanner reads
/// (the file itself for UTF-8, the transcoded text for Latin-1 and UTF-16); `offset` is the
/// 0-based byte offset in that text. ``code`` follows the numbering of libxml2's
/// `xmlParserErrors`, which earlier Pace releases (on `XMLParser`) put into their messages, so
/// messages stay comparable.
struct XMLScanError: Error, Sendable {
    /// The kind of problem.
    enum Kind: Sendable, Hashable {
        /// `<!ENTITY` in the prolog (or anywhere): refused to prevent entity-expansion attacks.
        case entityDeclaration
        /// The file starts with the gzip magic bytes.
        case gzipCompressed
        /// The XML declaration names an encoding the scanner does not transcode.
        case unsupportedEncoding
        /// `&name;` with a name other than `lt`, `gt`, `amp`, `apos`, `quot`.
        case undeclaredEntity
        /// `&` not followed by a reference ending in `;`.
        case unterminatedReference
        /// A character reference to a character XML does not allow, or such a character.
        case invalidCharacter
        /// An end tag whose name is not the innermost open element's.
        case mismatchedEndTag
        /// The document ends while an element, comment or other markup is still open.
        case unexpectedEnd
        /// Markup or text after the root element was closed.
        case contentAfterRoot
        /// The document has no root element.
        case noRootElement
        /// Text before the root element (the file is not XML, or not only XML).
        case textBeforeRoot
        /// A `prefix:` in an element or attribute name that no `xmlns:prefix` declares.
        case undeclaredPrefix
        /// A tag without a valid name.
        case missingName
        /// A tag not closed by `>`, or attributes not separated by white space.
        case malformedTag
        /// An attribute without `=`.
        case attributeWithoutValue
        /// An attribute value not in quotes.
        case unquotedAttribute
        /// `<` inside an attribute value.
        case lessThanInAttribute
        /// A comment, CDATA section, DOCTYPE or `<!` markup that is not well-formed.
        case malformedMarkup
        /// A single tag, CDATA section or DOCTYPE larger than the scanner's limit.
        case tokenTooLarge
        /// The byte source failed; see `cause`.
        case readFailed
    }

    /// The kind of problem.
    var kind: Kind
    /// The 1-based line.
    var line: Int
    /// The 1-based column, in bytes.
    var column: Int
    /// The 0-based byte offset.
    var offset: Int
    /// The underlying error, for ``Kind/readFailed``.
    var cause: (any Error)?

    /// The libxml2 error number of the closest libxml2 error.
    var code: Int {
        switch kind {
        case .entityDeclaration: 89
        case .gzipCompressed: 4
        case .unsupportedEncoding: 32
        case .undeclaredEntity: 26
        case .unterminatedReference: 23
        case .invalidCharacter: 9
        case .mismatchedEndTag: 76
        case .unexpectedEnd: 77
        case .contentAfterRoot: 5
        case .noRootElement: 4
        case .textBeforeRoot: 4
        case .undeclaredPrefix: 201
        case .missingName: 68
        case .malformedTag: 73
        case .attributeWithoutValue: 41
        case .unquotedAttribute: 39
        case .lessThanInAttribute: 38
        case .malformedMarkup: 43
        case .tokenTooLarge: 1
        case .readFailed: 1
        }
    }

    /// A plain-English reading of the problem, without position (for the readers' messages).
    var explanation: String {
        switch kind {
        case .entityDeclaration: "it declares an entity"
        case .gzipCompressed: "the file is gzip-compressed"
        case .unsupportedEncoding: "it declares a character encoding Pace cannot read (use UTF-8, UTF-16 or ISO-8859-1)"
        case .undeclaredEntity: "it uses an undeclared entity"
        case .unterminatedReference: "an '&' does not start an entity reference ending in ';' (write &amp;)"
        case .invalidCharacter: "it contains a character XML does not allow"
        case .mismatchedEndTag: "an end tag does not match its start tag"
        case .unexpectedEnd: "the document ends inside an element"
        case .contentAfterRoot: "there is content after the end of the document"
        case .noRootElement: "the document is empty"
        case .textBeforeRoot: "it does not start with an XML element"
        case .undeclaredPrefix: "it uses an undeclared namespace prefix"
        case .missingName: "a tag has no valid name"
        case .malformedTag: "a tag is not closed with '>'"
        case .attributeWithoutValue, .unquotedAttribute, .lessThanInAttribute: "an attribute is malformed"
        case .malformedMarkup: "a comment, CDATA section or DOCTYPE is malformed"
        case .tokenTooLarge: "a single tag or DOCTYPE is larger than 64 MiB"
        case .readFailed: "the file could not be read"
        }
    }
}

/// A place in the document the scanner reads: 1-based line and column (in bytes) and the 0-based
/// byte offset.
struct XMLPosition: Hashable, Sendable {
    /// The 1-based line.
    var line: Int
    /// The 1-based column, counted in bytes.
    var column: Int
    /// The 0-based byte offset.
    var offset: Int
}
