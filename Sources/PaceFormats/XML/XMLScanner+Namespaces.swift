import Foundation

/// Namespace prefixes: every `prefix:` of an element or attribute name must be declared by an
/// `xmlns:prefix` attribute on the element or an ancestor (`xml:` and `xmlns:` are built in).
/// Namespace URIs themselves are not resolved: readers match local names.
///
/// A reader that sets ``toleratesUndeclaredPrefixes`` reads a document that is well-formed XML 1.0
/// but breaks this namespace rule (real GPX and TCX files do: an extension element whose `xmlns:`
/// was forgotten, `xsi:type` without `xmlns:xsi`); each such prefix is then recorded once, with the
/// position of its first use, in ``undeclaredPrefixes`` for the reader to turn into a warning.
extension XMLScanner {
    /// An undeclared prefix met while tolerating them.
    struct UndeclaredPrefix {
        /// The prefix, e.g. `mmp`.
        var prefix: String
        /// Where it was first used.
        var position: XMLPosition

        /// The warning a reader gives for it.
        var warning: String {
            "the namespace prefix '\(prefix):' is used without an xmlns:\(prefix) declaration (not namespace-well-formed "
                + "XML); its elements and attributes were read by their local names"
        }
    }

    /// Records an undeclared prefix between two buffer indices, or throws when they are not tolerated.
    private func undeclared(from begin: Int, to end: Int) throws(XMLScanError) {
        guard toleratesUndeclaredPrefixes else { throw error(.undeclaredPrefix, at: begin) }
        let prefix = String(decoding: UnsafeBufferPointer(start: bytes + begin, count: end - begin), as: UTF8.self)
        guard seenUndeclaredPrefixes.insert(prefix).inserted else { return }
        undeclaredPrefixes.append(UndeclaredPrefix(prefix: prefix, position: position(at: begin)))
    }

    /// Records the current start tag's `xmlns:` declarations at `depth` and checks its prefixes.
    func bindPrefixes(elementName: Int, local: Int, depth: Int) throws(XMLScanError) {
        for index in 0..<attributes.count {
            let span = attributes[index]
            guard span.localStart == span.nameStart + 6, isXMLNS(span.nameStart) else { continue }
            prefixes.append(XMLPrefixSpan(start: prefixBytes.count, count: span.nameEnd - span.localStart, depth: depth))
            prefixBytes.append(from: bytes + span.localStart, count: span.nameEnd - span.localStart)
        }
        if local > elementName, !isDeclared(from: elementName, to: local - 1) { try undeclared(from: elementName, to: local - 1) }
        for index in 0..<attributes.count where attributes[index].localStart > attributes[index].nameStart {
            let span = attributes[index]
            let prefixEnd = span.localStart - 1
            if prefixEnd - span.nameStart == 5, isXMLNS(span.nameStart) { continue }
            if !isDeclared(from: span.nameStart, to: prefixEnd) { try undeclared(from: span.nameStart, to: prefixEnd) }
        }
    }

    /// `true` when the five bytes at `index` are `xmlns`.
    private func isXMLNS(_ index: Int) -> Bool {
        bytes[index] == 0x78 && bytes[index + 1] == 0x6D && bytes[index + 2] == 0x6C && bytes[index + 3] == 0x6E && bytes[index + 4] == 0x73
    }

    /// `true` when the prefix between two buffer indices is `xml` or declared by an open element.
    private func isDeclared(from begin: Int, to end: Int) -> Bool {
        let count = end - begin
        if count == 3, bytes[begin] == 0x78, bytes[begin + 1] == 0x6D, bytes[begin + 2] == 0x6C { return true }
        var index = prefixes.count - 1
        while index >= 0 {
            let prefix = prefixes[index]
            if prefix.count == count, count == 0 || memcmp(prefixBytes.base + prefix.start, bytes + begin, count) == 0 { return true }
            index -= 1
        }
        return false
    }
}
