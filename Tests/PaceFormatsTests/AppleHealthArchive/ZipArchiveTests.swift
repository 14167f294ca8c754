import Foundation
import PaceFormats
import PaceTestSupport
import Testing
import ZIPFoundation

/// `ZipArchive`: any zip read in place (Strava's bulk export), with the same entry checks as the
/// Apple Health archive and its own wording.
@Suite struct ZipArchiveTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    private func zip(_ items: [ZipFixture.Item], name: String = "export_1.zip") throws -> URL {
        try ZipFixture.write(items, to: directory.url.appendingPathComponent(name))
    }

    private static let ride = Data((0..<20_000).map { "<trkpt lat=\"47.\($0)\" lon=\"8.\($0)\"/>\n" }.joined().utf8)

    @Test("lists regular files in order and streams each one back byte for byte")
    func listsAndReads() throws {
        defer { directory.remove() }
        let url = try zip([
            .init(path: "activities/", data: Data(), method: .none, type: .directory),
            .init(path: "activities/1.gpx", data: Self.ride),
            .init(path: "activities.csv", data: Data("id\n1\n".utf8), method: .none),
        ])
        let archive = try ZipArchive(url: url)
        #expect(archive.filePaths == ["activities/1.gpx", "activities.csv"])
        #expect(archive.declaredSize(ofEntry: "activities/1.gpx") == UInt64(Self.ride.count))
        let source = try archive.source(ofEntry: "activities/1.gpx")
        #expect(try ZipFixture.readAll(source.read(into:), bufferSize: 4096) == Self.ride)
        let csv = try archive.source(ofEntry: "activities.csv")
        #expect(try ZipFixture.readAll(csv.read(into:), bufferSize: 3) == Data("id\n1\n".utf8))
    }

    @Test("a missing entry, a failed CRC and an entry over its limit are typed errors naming archive and entry")
    func entryErrors() throws {
        defer { directory.remove() }
        let url = try zip([.init(path: "activities/1.gpx", data: Self.ride)])
        let archive = try ZipArchive(url: url)

        let missing = #expect(throws: ZipArchiveError.self) { try archive.source(ofEntry: "activities/2.gpx") }
        #expect(missing?.code == .missingEntry)

        // An entry that declares more than its limit is refused before a byte is inflated.
        let large = #expect(throws: ZipArchiveError.self) { try archive.source(ofEntry: "activities/1.gpx", maximumBytes: 1000) }
        #expect(large?.code == .limitExceeded, "\(String(describing: large))")
        #expect(large?.message.contains("is larger than the 1000 bytes accepted for it") == true)

        try ZipFixture.patch(url, entry: "activities/1.gpx", .crc32, to: 0xDEAD_BEEF)
        let patched = try ZipArchive(url: url).source(ofEntry: "activities/1.gpx")
        let crc = #expect(throws: ZipArchiveError.self) { try ZipFixture.readAll(patched.read(into:), bufferSize: 65_536) }
        #expect(crc?.code == .corruptEntry)
        #expect(crc?.entry == "activities/1.gpx")
        #expect(crc?.message.contains("entry 'activities/1.gpx' in 'export_1.zip' fails its CRC-32 check") == true,
                "\(String(describing: crc))")
    }

    @Test("a zip bomb stops soon after the ratio threshold, not when its whole entry is inflated")
    func aBombStopsEarly() throws {
        defer { directory.remove() }
        // 64 MiB of zeros deflate to about 64 KB: judged on the whole entry that is only 1000:1 at
        // the very end; judged on the bytes consumed so far it is past 1000:1 from the start.
        let url = try ZipFixture.zeros(size: 64 << 20, path: "bomb.gpx", to: directory.url.appendingPathComponent("bomb.zip"))
        let source = try ZipArchive(url: url).source(ofEntry: "bomb.gpx")
        var read = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 8)
        defer { buffer.deallocate() }
        let error = #expect(throws: ZipArchiveError.self) {
            while case let count = try source.read(into: buffer), count > 0 { read += count }
        }
        #expect(error?.code == .limitExceeded && error?.message.contains("more than 1000:1, as only a zip bomb does") == true,
                "\(String(describing: error))")
        let threshold = Int(ZipLimits().ratioCheckThresholdBytes)
        #expect(read >= threshold && read < threshold + (1 << 20), "stopped after \(read) bytes")
    }

    @Test("an encrypted entry, a zip-slip name or garbage refuse the whole archive at opening")
    func refusals() throws {
        defer { directory.remove() }
        let encrypted = try zip([.init(path: "a.gpx", data: Self.ride)], name: "locked.zip")
        try ZipFixture.patch(encrypted, entry: "a.gpx", .flags, to: 1)
        #expect(throws: ZipArchiveError.self) { try ZipArchive(url: encrypted) }
        let error = #expect(throws: ZipArchiveError.self) { try ZipArchive(url: encrypted) }
        #expect(error?.code == .encryptedEntry)

        let slip = try zip([.init(path: "../../x.gpx", data: Self.ride)], name: "slip.zip")
        #expect(#expect(throws: ZipArchiveError.self) { try ZipArchive(url: slip) }?.code == .unsafeEntry)

        let garbage = directory.url.appendingPathComponent("garbage.zip")
        try Data("not a zip".utf8).write(to: garbage)
        #expect(#expect(throws: ZipArchiveError.self) { try ZipArchive(url: garbage) }?.code == .notZip)
    }
}
