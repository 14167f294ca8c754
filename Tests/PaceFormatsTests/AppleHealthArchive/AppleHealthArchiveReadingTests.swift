import Foundation
@testable import PaceFormats
import PaceTestSupport
import Testing
import ZIPFoundation

/// Reading a well-formed `export.zip`: finding export.xml, streaming it, looking up routes.
@Suite struct AppleHealthArchiveReadingTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test(arguments: [1, 7, 4096, 1 << 20])
    func streamsExportXMLByteForByte(bufferSize: Int) throws {
        defer { directory.remove() }
        // Given an export.zip as Apple Health writes it
        let url = try ZipFixture.goodExport(in: directory)

        // When export.xml is read through the ByteSource
        let archive = try AppleHealthExportArchive(url: url)
        let source = try archive.exportXML()
        let bytes = try ZipFixture.readAll(source.read(into:), bufferSize: bufferSize)

        // Then the bytes are the original's, and the end stays the end
        #expect(bytes == (try ZipFixture.exportXML))
        #expect(archive.exportXMLPath == "apple_health_export/export.xml")
        #expect(archive.exportFolderPath == "apple_health_export")
        #expect(source.entryPath == "apple_health_export/export.xml")
        #expect(source.declaredSize == UInt64(bytes.count))
        var byte: UInt8 = 0
        #expect(try withUnsafeMutableBytes(of: &byte) { try source.read(into: $0) } == 0)
    }

    @Test func streamsALargeEntryInConstantMemoryAcrossManyChunks() throws {
        defer { directory.remove() }
        // Given an export.xml of 3 MB, far more than the queue holds (4 × 64 KiB)
        let row = Data(#"<Record type="HKQuantityTypeIdentifierHeartRate" value="72"/>\#n"#.utf8)
        var xml = Data("<HealthData>\n".utf8)
        for _ in 0..<48_000 { xml.append(row) }
        xml.append(Data("</HealthData>\n".utf8))
        let url = try ZipFixture.goodExport(in: directory, exportXML: xml)

        // When it is read with a buffer of an odd size
        let source = try AppleHealthExportArchive(url: url).exportXML()
        let bytes = try ZipFixture.readAll(source.read(into:), bufferSize: 10_007)

        // Then every byte arrives in order
        #expect(bytes.count == xml.count)
        #expect(bytes == xml)
    }

    @Test func readsStoredEntriesToo() throws {
        defer { directory.remove() }
        let xml = try ZipFixture.exportXML
        let url = try ZipFixture.write([.init(path: "apple_health_export/export.xml", data: xml, method: .none)],
                                       to: directory.url.appendingPathComponent("stored.zip"))

        let source = try AppleHealthExportArchive(url: url).exportXML()

        #expect(try ZipFixture.readAll(source.read(into:), bufferSize: 100) == xml)
    }

    @Test func resolvesRouteReferencesAgainstTheExportFolder() throws {
        defer { directory.remove() }
        let url = try ZipFixture.goodExport(in: directory)
        let archive = try AppleHealthExportArchive(url: url)

        #expect(try archive.routeData(forReference: ZipFixture.routeReference) == (try ZipFixture.routeGPX))
        #expect(try archive.routeData(forReference: "workout-routes/./route_2019-06-11_3.00pm.gpx") == (try ZipFixture.routeGPX))
        #expect(try archive.routeData(forReference: "/workout-routes/route_missing.gpx") == nil)
        #expect(try archive.routeData(forReference: "/export_cda.xml") != nil)
    }

    @Test(arguments: ["/workout-routes/../../etc/passwd", "/../export.zip", "/workout-routes\\route.gpx", "/", "/a\0b.gpx"])
    func refusesRouteReferencesThatLeaveTheExportFolder(reference: String) throws {
        defer { directory.remove() }
        let archive = try AppleHealthExportArchive(url: try ZipFixture.goodExport(in: directory))

        let error = #expect(throws: AppleHealthError.self) { try archive.routeData(forReference: reference) }

        #expect(error?.code == .unsafeRoutePath)
        #expect(error?.file == "export.zip")
    }

    @Test func findsExportXMLUnderAnyTopFolderAndPrefersTheShallowest() throws {
        defer { directory.remove() }
        // Given a re-zipped export: another top folder, a __MACOSX shadow, a deeper copy, export_cda.xml
        let xml = try ZipFixture.exportXML
        let url = try ZipFixture.write([
            .init(path: "__MACOSX/export.xml", data: Data("junk".utf8)),
            .init(path: "Health Export 2024/export_cda.xml", data: Data("<cda/>".utf8)),
            .init(path: "Health Export 2024/backup/old/export.xml", data: Data("<old/>".utf8)),
            .init(path: "Health Export 2024/export.xml", data: xml),
            .init(path: "Health Export 2024/workout-routes/route_2019-06-11_3.00pm.gpx", data: try ZipFixture.routeGPX),
        ], to: directory.url.appendingPathComponent("rezipped.zip"))

        let archive = try AppleHealthExportArchive(url: url)

        #expect(archive.exportXMLPath == "Health Export 2024/export.xml")
        #expect(try ZipFixture.readAll(archive.exportXML().read(into:), bufferSize: 512) == xml)
        #expect(try archive.routeData(forReference: ZipFixture.routeReference) == (try ZipFixture.routeGPX))
    }

    @Test func findsExportXMLAtTheTopOfTheArchive() throws {
        defer { directory.remove() }
        let url = try ZipFixture.write([
            .init(path: "export.xml", data: try ZipFixture.exportXML),
            .init(path: "workout-routes/route_2019-06-11_3.00pm.gpx", data: try ZipFixture.routeGPX),
        ], to: directory.url.appendingPathComponent("flat.zip"))

        let archive = try AppleHealthExportArchive(url: url)

        #expect(archive.exportFolderPath == "")
        #expect(try archive.routeData(forReference: ZipFixture.routeReference) == (try ZipFixture.routeGPX))
    }

    @Test func readingOnlyTheFirstBytesThenReleasingTheSourceFreesIt() throws {
        defer { directory.remove() }
        // Given an entry of 20 MB
        let url = try ZipFixture.zeros(size: 20 << 20, path: "apple_health_export/export.xml",
                                       to: directory.url.appendingPathComponent("big.zip"))
        let archive = try AppleHealthExportArchive(url: url)
        var source: ZipEntryByteSource? = try archive.exportXML()
        weak let released = source

        // When only the first bytes are read and the source is released
        var head = [UInt8](repeating: 1, count: 16)
        let count = try head.withUnsafeMutableBytes { try source!.read(into: $0) }
        source = nil

        // Then it is gone at once (its file and zlib state freed), and the archive still reads from the start
        #expect(count == 16)
        #expect(head == [UInt8](repeating: 0, count: 16))
        #expect(released == nil)
        var again = [UInt8](repeating: 1, count: 4)
        #expect(try again.withUnsafeMutableBytes { try archive.exportXML().read(into: $0) } == 4)
    }
}
