import Foundation
import PaceTestSupport
import Testing
import ZIPFoundation

/// Builds zip archives for the archive tests with ZIPFoundation's writer, and forges the fields its
/// writer will not produce (sizes, CRC-32s, flags) by patching the written bytes.
enum ZipFixture {
    /// One entry to write.
    struct Item {
        var path: String
        var data: Data
        var method: CompressionMethod = .deflate
        var type: Entry.EntryType = .file
    }

    /// `Tests/PaceFormatsTests/Fixtures/applehealth/apple_health_export`, found from this source file.
    static let exportFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/applehealth/apple_health_export")

    /// The fixture `export.xml` (2881 bytes, one workout with a route reference).
    static var exportXML: Data { get throws { try Data(contentsOf: exportFolder.appendingPathComponent("export.xml")) } }

    /// The route the fixture references.
    static let routeReference = "/workout-routes/route_2019-06-11_3.00pm.gpx"

    /// The fixture route's GPX.
    static var routeGPX: Data {
        get throws { try Data(contentsOf: exportFolder.appendingPathComponent("workout-routes/route_2019-06-11_3.00pm.gpx")) }
    }

    /// A zip as Apple Health writes it: `apple_health_export/` with `export.xml`, `export_cda.xml`, a route.
    static func goodExport(in directory: TemporaryDirectory, name: String = "export.zip", folder: String = "apple_health_export",
                           exportXML: Data? = nil) throws -> URL {
        try write([
            Item(path: "\(folder)/", data: Data(), method: .none, type: .directory),
            Item(path: "\(folder)/export_cda.xml", data: Data("<ClinicalDocument/>".utf8)),
            Item(path: "\(folder)/export.xml", data: try exportXML ?? Self.exportXML),
            Item(path: "\(folder)/workout-routes/route_2019-06-11_3.00pm.gpx", data: try routeGPX),
        ], to: directory.url.appendingPathComponent(name))
    }

    /// Writes `items` into a new zip at `url`.
    @discardableResult
    static func write(_ items: [Item], to url: URL) throws -> URL {
        try TestZip.write(items.map { item in
            let content: TestZip.Entry.Content = switch item.type {
            case .directory: .directory
            case .symlink: .symbolicLink(to: String(decoding: item.data, as: UTF8.self))
            case .file: .bytes(item.data)
            }
            return TestZip.Entry(path: item.path, content: content, stored: item.method == .none)
        }, to: url)
    }

    /// Writes one deflated entry of `size` zero bytes, produced chunk by chunk (never all in memory).
    static func zeros(size: Int64, path: String, to url: URL) throws -> URL {
        try TestZip.write([TestZip.Entry(path: path, content: .zeros(size))], to: url)
    }

    /// Field offsets in the local file header and the central-directory record.
    enum Field {
        case flags, crc32, uncompressedSize
        var local: Int { switch self { case .flags: 6; case .crc32: 14; case .uncompressedSize: 22 } }
        var central: Int { switch self { case .flags: 8; case .crc32: 16; case .uncompressedSize: 24 } }
        var width: Int { self == .flags ? 2 : 4 }
    }

    /// Overwrites `field` of the entry named `path`, in both its local header and its directory record.
    static func patch(_ url: URL, entry path: String, _ field: Field, to value: UInt32) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        let name = Array(path.utf8)
        var patched = 0
        for start in 0..<(bytes.count - 4) where bytes[start] == 0x50 && bytes[start + 1] == 0x4B {
            let (nameOffset, fieldOffset): (Int, Int)
            switch (bytes[start + 2], bytes[start + 3]) {
            case (3, 4): (nameOffset, fieldOffset) = (30, field.local)
            case (1, 2): (nameOffset, fieldOffset) = (46, field.central)
            default: continue
            }
            guard start + nameOffset + name.count <= bytes.count,
                  Array(bytes[(start + nameOffset)..<(start + nameOffset + name.count)]) == name else { continue }
            for index in 0..<field.width { bytes[start + fieldOffset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
            patched += 1
        }
        precondition(patched == 2, "expected a local header and a directory record for \(path), patched \(patched)")
        try Data(bytes).write(to: url)
    }

    /// Overwrites the first bytes of the compressed data of the entry named `path`.
    static func patchData(_ url: URL, entry path: String, with replacement: [UInt8]) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        let name = Array(path.utf8)
        let signature: [UInt8] = [0x50, 0x4B, 3, 4]
        var found: Int?
        for start in 0..<(bytes.count - 30 - name.count) where bytes[start..<(start + 4)].elementsEqual(signature) {
            if bytes[(start + 30)..<(start + 30 + name.count)].elementsEqual(name) { found = start }
        }
        let start = try #require(found)
        let nameLength = Int(bytes[start + 26]) | Int(bytes[start + 27]) << 8
        let extraLength = Int(bytes[start + 28]) | Int(bytes[start + 29]) << 8
        let data = start + 30 + nameLength + extraLength
        bytes.replaceSubrange(data..<(data + replacement.count), with: replacement)
        try Data(bytes).write(to: url)
    }

    /// Reads a whole source with a buffer of `bufferSize` bytes.
    static func readAll(_ read: (UnsafeMutableRawBufferPointer) throws -> Int, bufferSize: Int) throws -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try read($0) }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }
}
