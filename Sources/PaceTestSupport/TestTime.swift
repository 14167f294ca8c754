import Foundation

/// How much longer than usual the tests may take and wait: `PACE_TEST_TIME_SCALE`, a whole number
/// from 1 to 100 (1 when unset or unreadable). `Scripts/sanitize.sh` sets it, because a build under
/// AddressSanitizer or ThreadSanitizer runs several times slower and its suites would otherwise end on
/// their time limits rather than on what they test. It lengthens time limits and waits only; no test
/// asserts that anything is fast.
///
/// ```swift
/// @Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct SlowTests { … }
/// try await server.waitUntilListening()          // waits 15 s × scale
/// ```
public enum TestTime {
    /// The factor every time limit and wait of the tests is multiplied by (1 normally).
    public static let scale = scale(in: ProcessInfo.processInfo.environment)

    /// The factor `PACE_TEST_TIME_SCALE` names in `environment`: 1 when unset, not a whole number, or
    /// outside 1…100.
    public static func scale(in environment: [String: String]) -> Int {
        guard let text = environment["PACE_TEST_TIME_SCALE"], let value = Int(text), (1...100).contains(value) else { return 1 }
        return value
    }

    /// `seconds` lengthened by ``scale``, in seconds.
    public static func seconds(_ seconds: Double) -> Double { seconds * Double(scale) }

    /// `duration` lengthened by ``scale``.
    public static func duration(_ duration: Duration) -> Duration { duration * scale }
}
