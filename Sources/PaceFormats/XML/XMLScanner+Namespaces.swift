import Foundation

/// Namespace prefixes: every `prefix:` of an element or attribute name must be declared by an
/// `xmlns:prefix` attribute on the element or an ancestor (`xml:` and `xmlns:` are built in).
/// Namespace URIs themselves are not resolved: readers match local names.
extension XMLScanner {
    /// Records the current start tag's `xmlns:` declarations at `depth` and checks its prefixes.
    func bindPrefixes(elementName: Int, local: Int, depth: Int) throws(XMLScanError) {
        for index in 0..<attributes.count {
            let span = attributes[index]
            guard span.localStart == span.nameStart + 6, isXMLNS(span.nameStart) else { continue }
            prefixes.append(XMLPrefixSpan(start: prefixBytes.count, count: span.nameEnd - span.localStart, depth: depth))
            prefixBytes.append(from: bytes + span.localStart, count: span.nameEnd - span.localStart)
        }
        if local > elementName, !isDeclared(from: elementName, to: local - 1) { throw error(.undeclaredPrefix, at: elementName) }
        for index in 0..<attributes.count where attributes[index].localStart > attributes[index].nameStart {
            let span = attributes[index]
            let prefixEnd = span.localStart - 1
            if prefixEnd - span.nameStart == 5, isXMLNS(span.nameStart) { continue }
            if !isDeclared(from: span.nameStart, to: prefixEnd) { throw error(.undeclaredPrefix, at: span.nameStart) }
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
