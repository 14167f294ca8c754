public import Foundation

/// One line of gpsd's JSON protocol, decoded.
///
/// gpsd sends one JSON object per line, each with a `"class"` member. The classes a client of
/// positions needs are decoded; everything else (WATCH acknowledgements, GST, ATT, PPS, TOFF, AIS,
/// RAW…) is ``other(className:)`` and is ignored by ``GPSDSource``.
///
/// ```swift
/// let message = try GPSDMessage(line: Data(#"{"class":"TPV","mode":1}"#.utf8))
/// ```
public enum GPSDMessage: Hashable, Sendable {
    /// The VERSION banner.
    case version(GPSDVersion)
    /// The DEVICES list.
    case devices([GPSDDevice])
    /// A DEVICE notification (a device was activated, changed or closed).
    case device(GPSDDevice)
    /// A TPV (time-position-velocity) report.
    case tpv(GPSDTPV)
    /// A SKY (satellites and DOPs) report.
    case sky(GPSSky)
    /// An ERROR reply: gpsd did not understand a command.
    case error(message: String)
    /// Any other class, not decoded.
    case other(className: String)

    private struct Header: Decodable { let `class`: String }
    private struct DevicesBody: Decodable { let devices: [GPSDDevice] }
    private struct ErrorBody: Decodable { let message: String }

    /// Decodes one line (without its line terminator).
    /// - Parameter line: The bytes of the line.
    /// - Throws: ``GPSDDecodingError`` when the line is not a JSON object, has no class, or a known
    ///   class has a missing or mistyped member.
    public init(line: some DataProtocol) throws(GPSDDecodingError) {
        let data = Data(line)
        // Built only when the line is refused: SKY lines run to kilobytes.
        var excerpt: String { GPSDDecodingError.excerpt(of: String(decoding: data, as: UTF8.self)) }
        let decoder = JSONDecoder()
        let className: String
        do {
            className = try decoder.decode(Header.self, from: data).class
        } catch DecodingError.dataCorrupted {
            throw .notJSON(excerpt: excerpt)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw .notJSON(excerpt: excerpt)  // valid JSON, but an array, string or number
        } catch {
            throw .missingClass(excerpt: excerpt)
        }
        do {
            switch className {
            case "VERSION": self = .version(try decoder.decode(GPSDVersion.self, from: data))
            case "DEVICES": self = .devices(try decoder.decode(DevicesBody.self, from: data).devices)
            case "DEVICE": self = .device(try decoder.decode(GPSDDevice.self, from: data))
            case "TPV": self = .tpv(try decoder.decode(GPSDTPV.self, from: data))
            case "SKY": self = .sky(try decoder.decode(GPSSky.self, from: data))
            case "ERROR": self = .error(message: try decoder.decode(ErrorBody.self, from: data).message)
            default: self = .other(className: className)
            }
        } catch let error as DecodingError {
            let (field, problem) = Self.describe(error)
            throw .invalidField(className: className, field: field, problem: problem, excerpt: excerpt)
        } catch {
            throw .invalidField(className: className, field: "?", problem: "\(error)", excerpt: excerpt)
        }
    }

    private static func describe(_ error: DecodingError) -> (field: String, problem: String) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "missing")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "null where \(type) expected")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("?", "\(error)")
        }
    }
}
