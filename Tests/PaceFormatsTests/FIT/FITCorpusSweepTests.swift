import Foundation
import PaceFormats
import Testing

/// Decodes every file of the shared FIT corpus (`../shared/fixtures/fit`), when the machine has it:
/// each must decode or fail with a ``FITError`` — never crash.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: FITTestSupport.corpus.path)))
struct FITCorpusSweepTests {
    @Test func everyCorpusFileDecodesOrFailsWithFITError() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: FITTestSupport.corpus.path)
            .filter { $0.lowercased().hasSuffix(".fit") }
            .sorted()
        var decoded: [String] = []
        var failed: [String] = []
        for name in names {
            let data = try Data(contentsOf: FITTestSupport.corpus.appendingPathComponent(name))
            do {
                let activity = try FITActivityReader().read(data)
                decoded.append("\(name): \(activity.records.count) records, \(activity.laps.count) laps")
            } catch {
                // Every failure is a FITError; a lenient decode of the same bytes must not crash either.
                let lenient = FITDecoder(options: .init(validateCRC: false, allowTruncation: true))
                let outcome: String
                do {
                    let file = try lenient.decode(data)
                    outcome = "\(file.messages.count) messages, \(file.warnings.count) warnings"
                } catch {
                    outcome = "\(error.code)"
                }
                failed.append("\(name): \(error.code) — \(error) [lenient: \(outcome)]")
            }
        }
        print("FIT corpus sweep: \(names.count) files, \(decoded.count) decoded, \(failed.count) failed")
        for line in decoded + failed { print("  \(line)") }
        #expect(decoded.count + failed.count == names.count)
        #expect(decoded.count >= names.count - 3)
    }
}
