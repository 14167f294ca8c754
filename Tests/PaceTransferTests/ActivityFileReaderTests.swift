import Foundation
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
}
