import Foundation
import PaceSensors
import Testing

/// Compares Pace with gpsd over every regression log in the shared fixture corpus, when present
/// (`../shared/fixtures/nmea` next to the package; absent on a fresh clone).
@Suite struct NMEAGPSDSweepTests {
    static let sharedDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures/nmea")

    static var sharedLogs: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sharedDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".log") && names.contains($0 + ".chk") }.sorted()
            .map { sharedDirectory.appendingPathComponent($0) }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sharedDirectory.path), "../shared/fixtures/nmea is absent"))
    func everySharedGPSDLogAgreesWithGPSD() throws {
        let logs = Self.sharedLogs
        #expect(logs.count >= 19, "expected the 19 gpsd regression logs in \(Self.sharedDirectory.path)")
        var matched = 0, union = 0
        for log in logs {
            let comparison = try GPSDComparison(log: log)
            print("[nmea sweep] \(comparison)")
            for mismatch in comparison.valueMismatches.prefix(3) { print("    \(mismatch)") }
            if !comparison.onlyGPSD.isEmpty { print("    gpsd-only: \(comparison.onlyGPSD.prefix(5).map(GPSDComparison.stamp))") }
            if !comparison.onlyPace.isEmpty { print("    Pace-only: \(comparison.onlyPace.prefix(5).map(GPSDComparison.stamp))") }
            // Pace must never miss a gpsd fix nor disagree on a value; extra Pace fixes are the
            // cycle-end and untimed cases explained in docs/sensors/nmea.md.
            #expect(comparison.onlyGPSD.isEmpty, "\(comparison)")
            #expect(comparison.valueMismatches.isEmpty, "\(comparison)")
            #expect(comparison.agreement >= 0.85, "\(comparison)")
            matched += comparison.matched - comparison.valueMismatches.count
            union += comparison.matched + comparison.onlyGPSD.count + comparison.onlyPace.count
        }
        let overall = Double(matched) / Double(max(union, 1))
        print("[nmea sweep] overall agreement \(matched)/\(union)")
        #expect(overall >= 0.97, "overall agreement with gpsd \(overall) is below 97 %")
    }

    /// Every file in the shared corpus, with or without a gpsd oracle, decodes without crashing; each
    /// is classified by what it holds. A file from which no sentence decodes is not NMEA 0183 and
    /// is reported as skipped.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: sharedDirectory.path), "../shared/fixtures/nmea is absent"))
    func everySharedFileDecodesWithoutCrashing() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.sharedDirectory.path)
            .filter { !$0.hasSuffix(".chk") }.sorted()
        #expect(names.count >= 28)
        let parser = NMEASentenceParser()
        for name in names {
            let bytes = try Data(contentsOf: Self.sharedDirectory.appendingPathComponent(name))
            var framer = NMEAFramer()
            var types: [String: Int] = [:]
            var skips: [String: Int] = [:]
            for output in framer.push(bytes) + framer.finish() {
                switch output {
                case .sentence(let line):
                    do { types[try parser.parse(line).type, default: 0] += 1 }
                    catch { skips[error.code.reasonKey, default: 0] += 1 }
                case .skipped(let error):
                    skips[error.code.reasonKey, default: 0] += 1
                }
            }
            let fixes = NMEATest.locations(NMEATest.decode(String(decoding: bytes, as: UTF8.self))).count
            let kind = types.isEmpty ? "not NMEA 0183 - skipped" : "\(types.values.reduce(0, +)) sentences"
            print("[nmea corpus] \(name): \(kind), \(fixes) fixes; types \(types.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")); skipped \(skips.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
            #expect(!types.isEmpty || !skips.isEmpty, "\(name) produced nothing at all")
        }
    }
}
