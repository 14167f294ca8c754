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
            do {
                _ = try GPXReader().read(data: data, file: name)
                parsed.append(name)
            } catch {
                failed[name] = error.code
            }
        }
        #expect(parsed.count + failed.count == names.count)
        // The only failures are a gzip file and a file with an undeclared namespace prefix (not well-formed XML).
        #expect(failed == ["graphhopper-route-track.gpx.gz": .malformedXML, "undeclared-ns-prefix-invalid.gpx": .malformedXML])
        #expect(parsed.count == names.count - 2)
    }
}
