import Foundation
import PaceFormats

/// Helpers shared by the FIT tests: fixture paths and a builder for tiny synthetic files.
enum FITTestSupport {
    /// `Tests/PaceFormatsTests/Fixtures/fit`, located from this source file (the target has no resources).
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fit")

    /// The shared corpus, when the machine has it.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../../../shared/fixtures/fit")
        .standardizedFileURL

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// CRC-16 as the FIT protocol defines it (reflected polynomial 0xA001, initial 0), computed bit
    /// by bit — independently of the decoder's nibble table.
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }

    /// A complete FIT file around `messages`: a 12- or 14-byte header and the file CRC.
    static func file(_ messages: [UInt8], headerSize: UInt8 = 14, fileCRC: UInt16? = nil) -> [UInt8] {
        let size = UInt32(messages.count)
        var header: [UInt8] = [headerSize, 0x10, 0x08, 0x08,
                               UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
                               0x2E, 0x46, 0x49, 0x54]  // ".FIT"
        if headerSize == 14 {
            let headerCRC = crc(header)
            header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        }
        let body = header + messages
        let checksum = fileCRC ?? crc(body)
        return body + [UInt8(checksum & 0xFF), UInt8(checksum >> 8)]
    }

    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Reads a fitparse-style records CSV into rows of column name → text.
    static func csvRows(_ name: String) throws -> [[String: String]] {
        let text = String(decoding: try fixture(name), as: UTF8.self)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let header = lines.removeFirst().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, cells))
        }
    }

    /// Whether two optional numbers are both absent or within `tolerance` of each other.
    static func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): abs(a - b) <= tolerance
        default: false
        }
    }
}
