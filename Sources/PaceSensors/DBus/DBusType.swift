/// A D-Bus type, as written in a signature (`y b n q i u x t d s o g h v a(...) {..}`).
///
/// ```swift
/// let types = try DBusType.parse("a{sv}")   // [.array(.dictEntry(key: .string, value: .variant))]
/// ```
public enum DBusType: Hashable, Sendable {
    /// `y`, an unsigned 8-bit integer.
    case byte
    /// `b`, a boolean (marshalled as a 32-bit 0 or 1).
    case boolean
    /// `n`, a signed 16-bit integer.
    case int16
    /// `q`, an unsigned 16-bit integer.
    case uint16
    /// `i`, a signed 32-bit integer.
    case int32
    /// `u`, an unsigned 32-bit integer.
    case uint32
    /// `x`, a signed 64-bit integer.
    case int64
    /// `t`, an unsigned 64-bit integer.
    case uint64
    /// `d`, an IEEE 754 double.
    case double
    /// `s`, a UTF-8 string.
    case string
    /// `o`, an object path.
    case objectPath
    /// `g`, a type signature.
    case signature
    /// `h`, an index into the message's out-of-band file descriptors.
    case unixFD
    /// `v`, a value carrying its own signature.
    case variant
    /// `a…`, an array of one element type.
    indirect case array(DBusType)
    /// `(…)`, a structure of one or more fields.
    case structure([DBusType])
    /// `{kv}`, a dictionary entry; only valid as an array element, with a basic key type.
    indirect case dictEntry(key: DBusType, value: DBusType)

    /// Maximum signature length in bytes (D-Bus specification).
    public static let maximumSignatureLength = 255
    /// Maximum nesting of arrays, and separately of structures (D-Bus specification).
    public static let maximumNesting = 32

    /// The type's signature string.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .variant: "v"
        case .array(let element): "a" + element.signature
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        }
    }

    /// The alignment of the type's marshalled form, in bytes.
    public var alignment: Int {
        switch self {
        case .byte, .signature, .variant: 1
        case .int16, .uint16: 2
        case .boolean, .int32, .uint32, .string, .objectPath, .unixFD, .array: 4
        case .int64, .uint64, .double, .structure, .dictEntry: 8
        }
    }

    /// Whether this is a basic (non-container) type, usable as a dictionary key.
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .structure, .dictEntry: false
        default: true
        }
    }

    /// The concatenated signature of several types, as in a message body.
    public static func signature(of types: [DBusType]) -> String {
        types.map(\.signature).joined()
    }

    /// Parses a signature into its sequence of complete types.
    /// - Throws: ``DBusError/invalidSignature(_:reason:)`` for an unknown code, an unbalanced
    ///   bracket, an empty structure, a misplaced or malformed dictionary entry, a signature over
    ///   255 bytes or nesting deeper than 32.
    public static func parse(_ signature: String) throws(DBusError) -> [DBusType] {
        let codes = Array(signature.utf8)
        guard codes.count <= maximumSignatureLength else {
            throw .invalidSignature(signature, reason: "longer than \(maximumSignatureLength) bytes")
        }
        var parser = SignatureParser(codes: codes, text: signature)
        var types: [DBusType] = []
        while parser.index < codes.count {
            types.append(try parser.parseComplete(arrayDepth: 0, structDepth: 0, inArray: false))
        }
        return types
    }

    /// Parses a signature that must hold exactly one complete type (as in a variant).
    public static func parseSingle(_ signature: String) throws(DBusError) -> DBusType {
        let types = try parse(signature)
        guard types.count == 1 else {
            throw .invalidSignature(signature, reason: "expected exactly one complete type, found \(types.count)")
        }
        return types[0]
    }
}

/// A recursive-descent parser over signature bytes.
private struct SignatureParser {
    let codes: [UInt8]
    let text: String
    var index = 0

    mutating func parseComplete(arrayDepth: Int, structDepth: Int, inArray: Bool) throws(DBusError) -> DBusType {
        guard index < codes.count else {
            throw .invalidSignature(text, reason: "ends in the middle of a type")
        }
        let code = codes[index]
        index += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "h"): return .unixFD
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            guard arrayDepth < DBusType.maximumNesting else {
                throw .invalidSignature(text, reason: "arrays nested deeper than \(DBusType.maximumNesting)")
            }
            return .array(try parseComplete(arrayDepth: arrayDepth + 1, structDepth: structDepth, inArray: true))
        case UInt8(ascii: "("):
            guard structDepth < DBusType.maximumNesting else {
                throw .invalidSignature(text, reason: "structures nested deeper than \(DBusType.maximumNesting)")
            }
            var fields: [DBusType] = []
            while index < codes.count, codes[index] != UInt8(ascii: ")") {
                fields.append(try parseComplete(arrayDepth: arrayDepth, structDepth: structDepth + 1, inArray: false))
            }
            guard index < codes.count else {
                throw .invalidSignature(text, reason: "unclosed '('")
            }
            index += 1
            guard !fields.isEmpty else {
                throw .invalidSignature(text, reason: "empty structure '()'")
            }
            return .structure(fields)
        case UInt8(ascii: "{"):
            guard inArray else {
                throw .invalidSignature(text, reason: "dictionary entry outside an array at byte \(index - 1)")
            }
            guard structDepth < DBusType.maximumNesting else {
                throw .invalidSignature(text, reason: "structures nested deeper than \(DBusType.maximumNesting)")
            }
            let key = try parseComplete(arrayDepth: arrayDepth, structDepth: structDepth + 1, inArray: false)
            guard key.isBasic else {
                throw .invalidSignature(text, reason: "dictionary key '\(key.signature)' is not a basic type")
            }
            guard index < codes.count, codes[index] != UInt8(ascii: "}") else {
                throw .invalidSignature(text, reason: "dictionary entry must have exactly a key and a value")
            }
            let value = try parseComplete(arrayDepth: arrayDepth, structDepth: structDepth + 1, inArray: false)
            guard index < codes.count, codes[index] == UInt8(ascii: "}") else {
                throw .invalidSignature(text, reason: "dictionary entry must have exactly a key and a value")
            }
            index += 1
            return .dictEntry(key: key, value: value)
        default:
            throw .invalidSignature(text, reason: "unexpected '\(Character(Unicode.Scalar(code)))' at byte \(index - 1)")
        }
    }
}
