import Foundation
import PaceFormats
import PaceTestSupport
import PaceTransfer
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Activity file reader limits")
struct ActivityFileReaderTests {
    @Test("a 2 GiB file is refused at once with its size and what to do, without reading it", arguments: ["gpx", "tcx", "fit"])
    func twoGigabytes(ext: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("huge.\(ext)")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<?xml".utf8)))
        // A sparse file: 2 GiB long, no disk used, and instant to make.
        #expect(truncate(path, 2 << 30) == 0)
        let error = #expect(throws: FileImportError.self) { try ActivityFileReader.read(URL(fileURLWithPath: path)) }
        #expect(error?.description.contains("huge.\(ext): is 2.0 GiB") == true, "\(String(describing: error))")
        #expect(error?.description.contains("Split it") == true)
    }

    @Test("the content identifier of a file equals that of its bytes")
    func contentIdentifier() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let url = URL(fileURLWithPath: directory.path("file.bin"))
        try bytes.write(to: url)
        #expect(try ActivityFileReader.contentIdentifier(ofFileAt: url) == ActivityFileReader.contentIdentifier(of: bytes))
    }

    /// A fixture of the format tests, read in place.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PaceFormatsTests/Fixtures/\(name)")
    }

    @Test("a .tcx.gz and a .fit.gz read exactly as the files they compress, with the same content identifier",
          arguments: [("gzip/fr220-run-4laps-hr-runcad.tcx.gz", "tcx/fr220-run-4laps-hr-runcad.tcx"),
                      ("gzip/fr220-run-4laps.fit.gz", "fit/fr220-run-4laps.fit")])
    func compressedReadsAsTheOriginal(compressed: String, original: String) throws {
        let packed = try ActivityFileReader.read(Self.fixture(compressed))
        let plain = try ActivityFileReader.read(Self.fixture(original))
        #expect(packed.activities.count == 1)
        #expect(packed.activities == plain.activities)
        #expect(packed.activities.first?.laps.count == 4)
        #expect(packed.contentIdentifier == plain.contentIdentifier, "a re-import of the other form is a duplicate")
    }

    @Test("a real .gpx.gz (GraphHopper) reads its 171-point track")
    func realCompressedGPX() throws {
        let file = try ActivityFileReader.read(Self.fixture("gpx/graphhopper-route-track.gpx.gz"))
        #expect(file.activities.count == 1)
        #expect(file.activities.first?.laps.reduce(0) { $0 + $1.records.count } == 171)
    }

    @Test("names: .gz only after gpx, tcx or fit, in any case")
    func names() {
        #expect(ActivityFileReader.format(ofPath: "a/ride.GPX.GZ")! == ("gpx", true))
        #expect(ActivityFileReader.format(ofPath: "ride.fit")! == ("fit", false))
        #expect(ActivityFileReader.format(ofPath: "notes.txt.gz") == nil)
        let missing = #expect(throws: FileImportError.self) { try ActivityFileReader.read(URL(fileURLWithPath: "/nonexistent/ride.zip")) }
        #expect(missing?.description == "/nonexistent/ride.zip: does not exist; check the path")
        #expect(ActivityFileReader.format(ofPath: "archive.gz") == nil)
        #expect(!ActivityFileReader.isSupported("export.zip"))
    }

    @Test("a damaged .gz is refused naming the file, the byte offset and what to do")
    func damagedCompressedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = try Data(contentsOf: Self.fixture("gzip/fr220-run-4laps.fit.gz"))
        let cut = URL(fileURLWithPath: directory.path("cut.fit.gz"))
        try bytes.prefix(1000).write(to: cut)
        let error = #expect(throws: FileImportError.self) { try ActivityFileReader.read(cut) }
        #expect(error?.description.contains("cut.fit.gz: gzip, byte 1000: the compressed data ends before") == true,
                "\(String(describing: error))")
        #expect(error?.description.contains("downloaded completely") == true)
        let plain = URL(fileURLWithPath: directory.path("plain.gpx.gz"))
        try Data("<?xml version=\"1.0\"?><gpx/>".utf8).write(to: plain)
        let notGzip = #expect(throws: FileImportError.self) { try ActivityFileReader.read(plain) }
        #expect(notGzip?.description.contains("plain.gpx.gz: gzip, byte 0: it is not gzip data") == true, "\(String(describing: notGzip))")
        #expect(notGzip?.description.contains("remove the .gz") == true)
    }

    @Test("a FIT recording cut short keeps what was recorded, with a warning where it ends; other damage is refused")
    func truncatedFITKeepsWhatWasRecorded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = try Data(contentsOf: Self.fixture("fit/fr220-run-4laps.fit"))
        let whole = try ActivityFileReader.read(Self.fixture("fit/fr220-run-4laps.fit"))
        let cut = URL(fileURLWithPath: directory.path("battery-died.fit"))
        try bytes.prefix(bytes.count * 7 / 10).write(to: cut)

        let file = try ActivityFileReader.read(cut)
        let records = try #require(file.activities.first?.records.count)
        let all = try #require(whole.activities.first?.records.count)
        #expect(records > all / 2 && records < all, "\(records) of \(all) records kept")
        #expect(whole.warnings.isEmpty)
        #expect(file.warnings.contains { $0.contains("battery-died.fit: FIT warning at byte") && $0.contains("truncated") },
                "\(file.warnings)")

        // A flipped byte in the CRC is corruption, not a cut: refused.
        var corrupt = bytes
        corrupt[corrupt.count - 1] ^= 0xFF
        let damaged = URL(fileURLWithPath: directory.path("damaged.fit"))
        try corrupt.write(to: damaged)
        let error = #expect(throws: FileImportError.self) { try ActivityFileReader.read(damaged) }
        #expect(error?.description.contains("CRC mismatch") == true, "\(String(describing: error))")
    }
}

