import Foundation
import PaceFormats
import Testing

/// Reads every file of the shared third-party TCX corpus (`../shared/fixtures/tcx`), when present.
@Suite struct TCXCorpusSweepTests {
    static let corpusExists = FileManager.default.fileExists(atPath: TCXTestFixtures.sharedCorpus.path)

    @Test(.enabled(if: corpusExists, "the shared TCX corpus is not next to the repository"))
    func everyFileParsesOrFailsWithATCXError() throws {
        // Given every .tcx file of the corpus
        let files = try FileManager.default.contentsOfDirectory(at: TCXTestFixtures.sharedCorpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "tcx" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        #expect(!files.isEmpty)

        // When each is read
        var parsed: [String] = []
        var failed: [String: String] = [:]
        var activities = 0, courses = 0, records = 0, warnings = 0
        for file in files {
            do {
                let document = try TCXReader().read(contentsOf: file)
                parsed.append(file.lastPathComponent)
                activities += document.activities.count
                courses += document.courses.count
                records += (document.activities + document.courses).reduce(0) { $0 + $1.recorded.records.count }
                warnings += document.warnings.count
            } catch {
                // Then a failure is always a TCXError (typed throws), with a position for XML errors
                failed[file.lastPathComponent] = "\(error.code)"
                if error.code == .malformedXML { #expect(error.line != nil, "\(error.message)") }
            }
        }

        // The ill-formed files fail; the rest parse (counts for the report in the comment below)
        #expect(failed == [
            "garbage-not-xml.tcx": "malformedXML",
        ], "parsed \(parsed.count), failed \(failed)")
        #expect(parsed.count + failed.count == files.count)
        // Counts for the 23-file corpus as of this writing: 22 parse (21 activities, 1 course,
        // 12 302 trackpoints; 5 skipped values, 1 undeclared xsi: prefix, 1 run of NUL padding), 1 is not XML.
        #expect((parsed.count, activities, courses, records, warnings) == (22, 21, 1, 12_302, 7),
                "parsed \(parsed.count), activities \(activities), courses \(courses), records \(records), warnings \(warnings)")
    }

    @Test(.enabled(if: corpusExists, "the shared TCX corpus is not next to the repository"))
    func everyActivityRoundTripsThroughTheWriter() throws {
        let files = try FileManager.default.contentsOfDirectory(at: TCXTestFixtures.sharedCorpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "tcx" }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pace-tcx-sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var written: [URL] = []
        var checked = 0
        for file in files {
            guard let document = try? TCXReader().read(contentsOf: file) else { continue }
            for activity in document.activities where activity.recorded.records.allSatisfy({ $0.time != nil }) {
                // When an activity is written and read back
                let data = try TCXWriter().write(activity.recorded)
                let output = directory.appendingPathComponent("\(written.count)-\(file.lastPathComponent)")
                try data.write(to: output)
                written.append(output)
                let back = try #require(try TCXReader().read(data).activities.first)
                // Then every record is the same (TCX values survive exactly; HR 0 is not representable)
                var expected = activity.recorded.laps.map(\.records)
                for lap in expected.indices {
                    for index in expected[lap].indices where expected[lap][index].heartRate == 0 {
                        expected[lap][index].heartRate = nil
                    }
                }
                let written = back.recorded.laps.map(\.records)
                let mismatch = zip(written.joined(), expected.joined()).first { $0 != $1 }
                #expect(written == expected, "\(file.lastPathComponent): \(String(describing: mismatch))")
                checked += 1
            }
        }
        #expect(checked > 10)

        // And every written file validates against the TCX schemas, when xmllint is installed
        if let xmllint = TCXWriterTests.xmllint {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xmllint)
            process.arguments = ["--noout", "--nonet", "--schema", TCXTestFixtures.schema("pace-tcx-bundle.xsd").path] + written.map(\.path)
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(log.prefix(2000))")
        }
    }
}
