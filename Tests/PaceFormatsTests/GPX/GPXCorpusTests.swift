import Foundation
import PaceFormats
import Testing

@Suite struct GPXCorpusTests {
    static let corpusExists = FileManager.default.fileExists(atPath: GPXFixtures.corpus.path)

    @Test(.enabled(if: corpusExists, "../shared/fixtures/gpx is not next to the repository"))
    func everyCorpusFileParsesOrFailsWithGPXError() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: GPXFixtures.corpus.path).sorted()
        var parsed: [String] = []
        var failed: [String: GPXError.Code] = [:]
        for name in names {
            let data = try Data(contentsOf: GPXFixtures.corpus.appendingPathComponent(name))
            // A compressed file is read through the gzip source, as the import does.
            let source: any ByteSource = GzipByteSource.isGzip(data) ? GzipByteSource(DataByteSource(data)) : DataByteSource(data)
            do {
                _ = try GPXReader().read(source: source, file: name)
                parsed.append(name)
            } catch {
                failed[name] = error.code
            }
        }
        #expect(parsed.count + failed.count == names.count)
        // Every file reads: the gzip one through the gzip source, the one with an undeclared namespace
        // prefix (well-formed XML, not namespace-well-formed) with a warning.
        #expect(failed.isEmpty, "\(failed)")
        #expect(parsed.count == names.count)
        #expect(parsed.contains("graphhopper-route-track.gpx.gz"))
    }
}
