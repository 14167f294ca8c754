import Foundation

/// Removes the `<!DOCTYPE …>` declaration from an XML document before `XMLParser` sees it.
///
/// swift-corelibs-foundation's `XMLParser` crashes (a null C string in its attribute-declaration
/// callback) on `<!ATTLIST … #IMPLIED>` declarations in an internal DTD. GPX and TCX never need a
/// DTD, entity declarations are refused before this runs, and external entities are never
/// resolved, so the declaration is replaced by spaces (line breaks kept, so positions in error
/// messages stay right).
enum XMLDoctype {
    /// `data` with its DOCTYPE declaration blanked; `data` itself when it has none.
    static func blanked(_ data: Data) -> Data {
        guard let range = XMLPrologScanner.scan(data).doctypeRange else { return data }
        var copy = Data(data)
        copy.withUnsafeMutableBytes { bytes in
            for offset in range where offset < bytes.count && bytes[offset] != 0x0A && bytes[offset] != 0x0D {
                bytes[offset] = 0x20
            }
        }
        return copy
    }
}
