import Foundation
@testable import PaceFormats
import PaceTestSupport
import Testing

/// Entry names and kinds as Pace's own central-directory reading gives them (DECISIONS 169): UTF-8
/// when the entry says so, code page 437 otherwise; folders by name or by attributes; every file's
/// local header checked when the archive is opened.
@Suite struct ZipEntryNameTests {
    /// A record with `name` and the given fields; the rest do not matter to names.
    private func record(_ name: [UInt8], flags: UInt16 = 0, host: UInt16 = 3, attributes: UInt32 = 0) -> ZipDirectoryRecord {
        ZipDirectoryRecord(index: 0, nameBytes: name, flags: flags, method: 8, versionMadeBy: host << 8 | 20,
                           externalAttributes: attributes, crc32: 0, compressedSize: 0, uncompressedSize: 0, localHeaderOffset: 0)
    }

    @Test("code page 437's upper half: 128 distinct characters in byte order")
    func codePage437() {
        let table = ZipCodePage437.upperHalf
        #expect(table.count == 128 && Set(table).count == 128)
        #expect(table[0x80 - 0x80] == "Ç" && table[0x82 - 0x80] == "é" && table[0x9B - 0x80] == "¢")
        #expect(table[0xB3 - 0x80] == "│" && table[0xE1 - 0x80] == "ß" && table[0xFF - 0x80] == "\u{00A0}")
        #expect(table.allSatisfy { $0.value >= 0xA0 }, "no ASCII or C1 control in the upper half")
    }

    @Test("a name is UTF-8 when flag bit 11 says so, code page 437 otherwise; a false UTF-8 claim reads as no name")
    func nameEncodings() {
        #expect(record(Array("café.gpx".utf8), flags: 0x0800).path == "café.gpx")
        #expect(record(Array("caf".utf8) + [0x82] + Array(".gpx".utf8)).path == "café.gpx")
        #expect(record(Array("caf".utf8) + [0xC3, 0xA9]).path == "caf├⌐", "UTF-8 bytes without the flag are code page 437")
        #expect(record([0x61, 0x82], flags: 0x0800).path == nil)
        #expect(record(Array("plain/name.fit".utf8)).path == "plain/name.fit")
    }

    @Test("a folder is known by its trailing slash, a Unix mode or the MS-DOS directory bit")
    func folders() {
        #expect(record(Array("rides/".utf8)).isDirectory)
        #expect(record(Array("rides".utf8), host: 3, attributes: 0o040755 << 16).isDirectory)
        #expect(!record(Array("rides".utf8), host: 3, attributes: 0o100644 << 16).isDirectory)
        #expect(record(Array("RIDES".utf8), host: 0, attributes: 0x10).isDirectory)
        #expect(!record(Array("RIDE.GPX".utf8), host: 0, attributes: 0x20).isDirectory)
        #expect(!record(Array("ride.gpx".utf8), host: 3, attributes: 0x10).isDirectory, "the DOS bit means nothing on a Unix host")
    }

    @Test("an archive's code page 437 name is listed decoded; a false UTF-8 name or a damaged local header refuses it at opening")
    func archives() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ride = Data(String(repeating: "<trkpt lat=\"47.1\" lon=\"8.1\"/>\n", count: 50).utf8)
        func archive(_ name: String, flags: UInt16, renamedTo newName: [UInt8], damageSecondHeader: Bool = false) throws -> URL {
            let url = try TestZip.write([TestZip.Entry(path: "cafX.gpx", data: ride), TestZip.Entry(path: "b.gpx", data: ride)],
                                        to: directory.url.appendingPathComponent(name))
            var bytes = [UInt8](try Data(contentsOf: url))
            let old = Array("cafX.gpx".utf8)
            var localHeaders: [Int] = []
            for start in 0..<(bytes.count - 4) where bytes[start] == 0x50 && bytes[start + 1] == 0x4B {
                let (nameOffset, flagsOffset): (Int, Int)
                switch (bytes[start + 2], bytes[start + 3]) {
                case (3, 4): (nameOffset, flagsOffset) = (30, 6); localHeaders.append(start)
                case (1, 2): (nameOffset, flagsOffset) = (46, 8)
                default: continue
                }
                guard start + nameOffset + old.count <= bytes.count,
                      Array(bytes[(start + nameOffset)..<(start + nameOffset + old.count)]) == old else { continue }
                bytes.replaceSubrange((start + nameOffset)..<(start + nameOffset + old.count), with: newName)
                bytes[start + flagsOffset] = UInt8(flags & 0xFF)
                bytes[start + flagsOffset + 1] = UInt8(flags >> 8)
            }
            if damageSecondHeader { bytes[localHeaders[1]] = 0 }
            try Data(bytes).write(to: url)
            return url
        }
        let codePage = try archive("cp437.zip", flags: 0, renamedTo: Array("caf".utf8) + [0x82] + Array(".gpx".utf8))
        let listed = try ZipArchive(url: codePage)
        #expect(listed.filePaths == ["café.gpx", "b.gpx"])
        let source = try listed.source(ofEntry: "café.gpx")
        #expect(try ZipFixture.readAll(source.read(into:), bufferSize: 512) == ride)

        let falseUTF8 = try archive("false-utf8.zip", flags: 0x0800, renamedTo: Array("caf".utf8) + [0x82] + Array(".gpx".utf8))
        let refusal = #expect(throws: ZipArchiveError.self) { try ZipArchive(url: falseUTF8) }
        #expect(refusal?.code == .notZip && refusal?.message.contains("marked UTF-8") == true, "\(String(describing: refusal))")

        let damaged = try archive("damaged.zip", flags: 0, renamedTo: Array("cafe.gpx".utf8), damageSecondHeader: true)
        let damage = #expect(throws: ZipArchiveError.self) { try ZipArchive(url: damaged) }
        #expect(damage?.code == .notZip && damage?.message.contains("local header of entry 2") == true, "\(String(describing: damage))")
    }
}
