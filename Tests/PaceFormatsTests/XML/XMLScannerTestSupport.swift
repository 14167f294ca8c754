import Foundation
@testable import PaceFormats

/// A source that hands out one byte per read, so every token straddles a chunk boundary.
final class OneByteSource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: Data) { bytes = Array(data) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard position < bytes.count, buffer.count > 0 else { return 0 }
        buffer[0] = bytes[position]
        position += 1
        return 1
    }
}

enum XMLScan {
    /// The scanner's events as readable lines (`start a x=1`, `text …`, `end a`), consecutive
    /// text pieces merged; attributes decoded, by qualified name.
    static func events(_ source: any ByteSource, bufferSize: Int = XMLScanner.defaultBufferSize) throws(XMLScanError) -> [String] {
        let scanner = XMLScanner(source: source, bufferSize: bufferSize)
        var events: [String] = []
        var text: String?
        func flush() {
            if let pending = text { events.append("text \(pending)") }
            text = nil
        }
        while true {
            switch try scanner.next() {
            case .startElement:
                flush()
                let attributes = (0..<scanner.attributeCount).map { "\(scanner.attributeNameString($0))=\(scanner.attributeString($0))" }
                events.append((["start \(scanner.nameString)"] + attributes).joined(separator: " "))
            case .endElement:
                flush()
                events.append("end \(scanner.nameString)")
            case .text:
                text = (text ?? "") + scanner.textString
            case .endOfDocument:
                flush()
                return events
            }
        }
    }

    static func events(_ xml: String) throws(XMLScanError) -> [String] {
        try events(DataByteSource(Data(xml.utf8)))
    }

    /// The error scanning `xml` throws, or `nil`.
    static func error(_ xml: String) -> XMLScanError? {
        error(Data(xml.utf8))
    }

    static func error(_ data: Data) -> XMLScanError? {
        do {
            _ = try events(DataByteSource(data))
            return nil
        } catch {
            return error
        }
    }
}
