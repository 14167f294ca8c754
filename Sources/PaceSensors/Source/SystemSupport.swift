import Foundation

/// A duration in seconds.
func durationSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The system's text for an `errno` value, e.g. `"No such file or directory"`.
func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
