/// How a zip entry's stored name and attributes read as a path and a kind.
///
/// An entry whose general-purpose flag bit 11 is set stores its name in UTF-8; any other name is
/// code page 437, the encoding of the original PKZIP, whose lower half is ASCII.
extension ZipDirectoryRecord {
    /// Whether the entry says its name is UTF-8 (general-purpose flag bit 11).
    var namesItselfUTF8: Bool { flags & 0x0800 != 0 }

    /// The entry's name as a path, or `nil` when it claims UTF-8 and is not.
    var path: String? {
        if namesItselfUTF8 { return String(validating: nameBytes, as: UTF8.self) }
        var path = ""
        path.unicodeScalars.reserveCapacity(nameBytes.count)
        for byte in nameBytes {
            path.unicodeScalars.append(byte < 0x80 ? Unicode.Scalar(byte) : ZipCodePage437.upperHalf[Int(byte) - 0x80])
        }
        return path
    }

    /// Whether the entry is a folder: a name ending in `/`, or a folder by its attributes — the
    /// `st_mode` of a Unix or macOS host, the MS-DOS directory bit of a DOS or Windows host.
    var isDirectory: Bool {
        if nameBytes.last == UInt8(ascii: "/") { return true }
        switch versionMadeBy >> 8 {
        case 3, 19: return (externalAttributes >> 16) & 0xF000 == 0x4000
        case 0, 10, 11, 14: return externalAttributes & 0x10 != 0
        default: return false
        }
    }
}

/// Code page 437's characters for the bytes 0x80–0xFF, in byte order.
enum ZipCodePage437 {
    static let upperHalf: [Unicode.Scalar] = Array((
        "ÇüéâäàåçêëèïîìÄÅ" + "ÉæÆôöòûùÿÖÜ¢£¥₧ƒ" + "áíóúñÑªº¿⌐¬½¼¡«»" + "░▒▓│┤╡╢╖╕╣║╗╝╜╛┐"
            + "└┴┬├─┼╞╟╚╔╩╦╠═╬╧" + "╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀" + "αßΓπΣσµτΦΘΩδ∞φε∩" + "≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{00A0}"
    ).unicodeScalars)
}
