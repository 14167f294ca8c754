import Foundation
@testable import PaceFormats
import PaceTestSupport
import Testing
import ZIPFoundation

/// Hostile and damaged archives: each is refused with an ``AppleHealthError`` naming the archive,
/// the entry and the remedy, and none makes the reader hang or expand without bound.
@Suite struct AppleHealthArchiveSafetyTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    private func zip(_ items: [ZipFixture.Item], name: String = "hostile.zip") throws -> URL {
        try ZipFixture.write(items, to: directory.url.appendingPathComponent(name))
    }

    private func openingError(_ url: URL, limits: ZipLimits = ZipLimits()) -> AppleHealthError? {
        #expect(throws: AppleHealthError.self) { _ = try AppleHealthExportArchive(url: url, limits: limits) }
    }

    private func readingError(_ url: URL, limits: ZipLimits = ZipLimits(), bufferSize: Int = 65_536) throws -> AppleHealthError? {
        let source = try AppleHealthExportArchive(url: url, limits: limits).exportXML()
        return #expect(throws: AppleHealthError.self) { _ = try ZipFixture.readAll(source.read(into:), bufferSize: bufferSize) }
    }

    // MARK: Zip slip, links, encryption

    @Test(arguments: [
        ("apple_health_export/../../../.ssh/authorized_keys", "has a '..' component"),
        ("/etc/cron.d/pace", "is an absolute path"),
        ("C:\\Windows\\evil.dll", "contains a backslash (a Windows path separator)"),
        ("C:/Windows/evil.dll", "starts with a drive letter"),
        ("apple_health_export/evil\0.xml", "contains a NUL character"),
    ])
    func refusesTheWholeArchiveForAZipSlipName(name: String, problem: String) throws {
        defer { directory.remove() }
        // Given a good export plus one entry whose name escapes the extraction folder
        let url = try zip([
            .init(path: "apple_health_export/export.xml", data: try ZipFixture.exportXML),
            .init(path: name, data: Data("owned".utf8)),
        ])

        let error = openingError(url)

        #expect(error?.code == .unsafeArchiveEntry)
        #expect(error?.file == "hostile.zip")
        #expect(error?.message.contains("in 'hostile.zip' \(problem); such names are used by zip-slip attacks") == true,
                "\(error?.message ?? "")")
    }

    @Test func theZipSlipMessageSaysWhatWasWrongWhereAndWhatToDo() throws {
        defer { directory.remove() }
        let url = try zip([.init(path: "apple_health_export/../evil.sh", data: Data("x".utf8))], name: "export.zip")

        let error = openingError(url)

        #expect(error?.description == "export.zip: entry 'apple_health_export/../evil.sh' in 'export.zip' has a '..' component; "
            + "such names are used by zip-slip attacks to write outside the folder an archive is extracted to. Pace never writes "
            + "entries to disk, but Apple Health never produces such names either, so the whole archive is refused. Export again "
            + "from Health › Export All Health Data, or unzip the archive with a tool you trust and import the apple_health_export folder.")
    }

    @Test func refusesSymbolicLinks() throws {
        defer { directory.remove() }
        let url = try zip([
            .init(path: "apple_health_export/export.xml", data: try ZipFixture.exportXML),
            .init(path: "apple_health_export/workout-routes/route_1.gpx", data: Data("/etc/passwd".utf8), type: .symlink),
        ])

        let error = openingError(url)

        #expect(error?.code == .archiveSymbolicLink)
        #expect(error?.message.hasPrefix("entry 'apple_health_export/workout-routes/route_1.gpx' in 'hostile.zip' is a symbolic link") == true)
    }

    @Test func refusesEncryptedEntries() throws {
        defer { directory.remove() }
        // ZIPFoundation cannot write encryption; set the "encrypted" flag bit on a written entry
        let url = try ZipFixture.goodExport(in: directory)
        try ZipFixture.patch(url, entry: "apple_health_export/export_cda.xml", .flags, to: 0x0801)

        let error = openingError(url)

        #expect(error?.code == .encryptedArchiveEntry)
        #expect(error?.message.contains("'apple_health_export/export_cda.xml' in 'export.zip' is encrypted") == true)
    }

    // MARK: Not an export, not a zip

    @Test func refusesAnArchiveWithoutExportXML() throws {
        defer { directory.remove() }
        let url = try zip([
            .init(path: "__MACOSX/apple_health_export/export.xml", data: Data("resource fork".utf8)),
            .init(path: "apple_health_export/export_cda.xml", data: Data("<cda/>".utf8)),
        ])

        let error = openingError(url)

        #expect(error?.code == .missingExportXML)
        #expect(error?.description == "hostile.zip: 'hostile.zip' contains no export.xml (none among its 2 entries, ignoring __MACOSX/), "
            + "so it is not an Apple Health export; choose the export.zip from Health › Export All Health Data.")
    }

    @Test func refusesTwoExportXMLAtTheSameDepth() throws {
        defer { directory.remove() }
        let xml = try ZipFixture.exportXML
        let url = try zip([.init(path: "a/export.xml", data: xml), .init(path: "b/export.xml", data: xml)])

        #expect(openingError(url)?.code == .ambiguousExportXML)
    }

    @Test(arguments: [0, 3, 4096])
    func refusesGarbage(size: Int) throws {
        defer { directory.remove() }
        var generator = SystemRandomNumberGenerator()
        let url = directory.url.appendingPathComponent("garbage.zip")
        try Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)

        let error = openingError(url)

        #expect(error?.code == .notZipArchive)
        #expect(error?.message.hasPrefix("'garbage.zip' is not a readable zip archive: ") == true)
    }

    @Test func refusesAMissingFile() throws {
        defer { directory.remove() }
        #expect(openingError(directory.url.appendingPathComponent("nowhere.zip"))?.code == .unreadableFile)
    }

    @Test func refusesATruncatedArchive() throws {
        defer { directory.remove() }
        let good = try Data(contentsOf: ZipFixture.goodExport(in: directory))
        let cut = directory.url.appendingPathComponent("cut.zip")
        try good.prefix(good.count * 2 / 3).write(to: cut)

        let error = openingError(cut)

        #expect(error?.code == .notZipArchive)
        #expect(error?.message == "'cut.zip' is not a readable zip archive: no end-of-central-directory record, so the file is not a "
            + "zip archive or is truncated. Copy or download export.zip again (it may be truncated), or pass the extracted "
            + "apple_health_export folder instead.")
    }

    @Test func refusesAnArchiveWithBytesMissingFromTheMiddle() throws {
        defer { directory.remove() }
        // The end record survives, but every offset after the gap is wrong
        var bytes = try Data(contentsOf: ZipFixture.goodExport(in: directory))
        bytes.removeSubrange(200..<700)
        let url = directory.url.appendingPathComponent("gap.zip")
        try bytes.write(to: url)

        #expect(openingError(url)?.code == .notZipArchive)
    }

    // MARK: Zip bombs and lies

    @Test func stopsAZipBombByItsCompressionRatio() throws {
        defer { directory.remove() }
        // Given 50 MB of zeros deflated to about 50 KB, and a ratio limit of 100:1 checked after 1 MiB
        let url = try ZipFixture.zeros(size: 50_000_000, path: "apple_health_export/export.xml",
                                       to: directory.url.appendingPathComponent("bomb.zip"))
        let limits = ZipLimits(maxCompressionRatio: 100, ratioCheckThresholdBytes: 1 << 20)

        // When it is read, it stops soon after the threshold
        let error = try readingError(url, limits: limits)

        #expect(error?.code == .archiveLimitExceeded)
        #expect(error?.message.contains("more than ZipLimits.maxCompressionRatio (100:1); this looks like a zip bomb") == true,
                "\(error?.message ?? "")")
    }

    @Test func refusesAnArchiveWhoseDeclaredSizesPassTheTotal() throws {
        defer { directory.remove() }
        let url = try ZipFixture.goodExport(in: directory)

        let error = openingError(url, limits: ZipLimits(maxTotalUncompressedBytes: 1000))

        #expect(error?.code == .archiveLimitExceeded)
        #expect(error?.message.contains("declare more than 1000 bytes in total") == true)
    }

    @Test func countsTheTotalWhileStreamingNotOnlyFromHeaders() throws {
        defer { directory.remove() }
        // Given a total just above what the headers declare
        let url = try ZipFixture.goodExport(in: directory)
        let declared = try ZipFixture.exportXML.count + ZipFixture.routeGPX.count + "<ClinicalDocument/>".utf8.count
        let archive = try AppleHealthExportArchive(url: url, limits: ZipLimits(maxTotalUncompressedBytes: UInt64(declared + 100)))

        // When export.xml is read twice, the second pass passes the total
        _ = try ZipFixture.readAll(archive.exportXML().read(into:), bufferSize: 4096)
        let second = try archive.exportXML()
        let error = #expect(throws: AppleHealthError.self) { _ = try ZipFixture.readAll(second.read(into:), bufferSize: 4096) }

        #expect(error?.code == .archiveLimitExceeded)
        #expect(error?.message.contains("(ZipLimits.maxTotalUncompressedBytes); reading stopped") == true)
    }

    @Test func stopsAnEntryThatProducesMoreThanItDeclares() throws {
        defer { directory.remove() }
        // Given export.xml (2881 bytes) whose headers claim 100 bytes
        let url = try ZipFixture.goodExport(in: directory)
        try ZipFixture.patch(url, entry: "apple_health_export/export.xml", .uncompressedSize, to: 100)

        let error = try readingError(url, bufferSize: 1)

        #expect(error?.code == .archiveSizeMismatch)
        #expect(error?.message == "entry 'apple_health_export/export.xml' in 'export.zip' holds more than the 100 bytes its header "
            + "declares; the archive is damaged or a zip bomb, so reading stopped. Export again from Apple Health.")
    }

    @Test func reportsAnEntryShorterThanItDeclares() throws {
        defer { directory.remove() }
        let url = try ZipFixture.goodExport(in: directory)
        try ZipFixture.patch(url, entry: "apple_health_export/export.xml", .uncompressedSize, to: 1_000_000)

        let error = try readingError(url)

        #expect(error?.code == .archiveSizeMismatch)
        #expect(error?.message.contains("ended after 2881 of the 1000000 bytes its header declares") == true)
    }

    @Test func refusesAStoredEntryWhoseSizesDisagree() throws {
        defer { directory.remove() }
        let url = try zip([.init(path: "apple_health_export/export.xml", data: try ZipFixture.exportXML, method: .none)])
        try ZipFixture.patch(url, entry: "apple_health_export/export.xml", .uncompressedSize, to: 5000)
        let archive = try AppleHealthExportArchive(url: url)

        let error = #expect(throws: AppleHealthError.self) { try archive.exportXML() }

        #expect(error?.code == .archiveSizeMismatch)
        #expect(error?.message.contains("ended after 2881 of the 5000 bytes its header declares") == true)
    }

    @Test func reportsACRCMismatch() throws {
        defer { directory.remove() }
        let url = try ZipFixture.goodExport(in: directory)
        try ZipFixture.patch(url, entry: "apple_health_export/export.xml", .crc32, to: 0xDEAD_BEEF)

        let error = try readingError(url)

        #expect(error?.code == .corruptArchiveEntry)
        #expect(error?.message.contains("fails its CRC-32 check (expected 0xDEADBEEF, computed 0x") == true)
    }

    @Test func theErrorStaysThrownOnLaterReads() throws {
        defer { directory.remove() }
        let url = try ZipFixture.goodExport(in: directory)
        try ZipFixture.patch(url, entry: "apple_health_export/export.xml", .crc32, to: 0)
        let source = try AppleHealthExportArchive(url: url).exportXML()

        _ = try? ZipFixture.readAll(source.read(into:), bufferSize: 4096)
        let again = #expect(throws: AppleHealthError.self) { _ = try ZipFixture.readAll(source.read(into:), bufferSize: 4096) }

        #expect(again?.code == .corruptArchiveEntry)
    }

    @Test func stopsADeflateStreamThatRunsPastItsEntry() throws {
        defer { directory.remove() }
        // Given export.xml whose deflate data opens a stored block of 65 535 bytes, longer than the
        // rest of the file, and whose header declares 1 MB (ZIPFoundation's Linux inflater spins
        // forever on this at the end of the file)
        let url = try ZipFixture.goodExport(in: directory)
        try ZipFixture.patch(url, entry: "apple_health_export/export.xml", .uncompressedSize, to: 1_000_000)
        try ZipFixture.patchData(url, entry: "apple_health_export/export.xml", with: [0x00, 0xFF, 0xFF, 0x00, 0x00])

        // When it is read, reading stops at the end of the entry's compressed bytes
        let error = try readingError(url)

        #expect(error?.code == .corruptArchiveEntry)
        #expect(error?.message == "entry 'apple_health_export/export.xml' in 'export.zip' cannot be decompressed (the compressed "
            + "data ends before the deflate stream does); the archive is damaged. Copy or download it again.")
    }

    @Test func reportsInvalidDeflateData() throws {
        defer { directory.remove() }
        let url = try ZipFixture.goodExport(in: directory)
        try ZipFixture.patchData(url, entry: "apple_health_export/export.xml", with: [0xFF, 0xFF, 0xFF, 0xFF])

        let error = try readingError(url)

        #expect(error?.code == .corruptArchiveEntry)
        #expect(error?.message.contains("cannot be decompressed (invalid deflate data: ") == true, "\(error?.message ?? "")")
    }

    @Test func refusesARouteLargerThanItsLimit() throws {
        defer { directory.remove() }
        let archive = try AppleHealthExportArchive(url: try ZipFixture.goodExport(in: directory),
                                                   limits: ZipLimits(maxRouteBytes: 100))

        let error = #expect(throws: AppleHealthError.self) { try archive.routeData(forReference: ZipFixture.routeReference) }

        #expect(error?.code == .archiveLimitExceeded)
        #expect(error?.message.contains("(ZipLimits.maxRouteBytes)") == true)
    }

    @Test func refusesARouteWithABadChecksum() throws {
        defer { directory.remove() }
        let url = try ZipFixture.goodExport(in: directory)
        try ZipFixture.patch(url, entry: "apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx", .crc32, to: 1)
        let archive = try AppleHealthExportArchive(url: url)

        let error = #expect(throws: AppleHealthError.self) { try archive.routeData(forReference: ZipFixture.routeReference) }

        #expect(error?.code == .corruptArchiveEntry)
    }

    @Test func refusesMoreEntriesThanTheLimit() throws {
        defer { directory.remove() }
        let url = try ZipFixture.goodExport(in: directory)

        #expect(openingError(url, limits: ZipLimits(maxEntryCount: 3))?.code == .archiveLimitExceeded)
    }
}
