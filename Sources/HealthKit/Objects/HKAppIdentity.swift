import Foundation
import PaceModel

/// Who the running app is, as the store sees it (docs/HEALTHKIT.md, "The app's identity"): its
/// bundle identifier when it has one, else `PACE_BUNDLE_IDENTIFIER`, else the executable's name.
enum HKAppIdentity {
    /// The environment variable that names the app when it has no bundle identifier.
    static let environmentVariable = "PACE_BUNDLE_IDENTIFIER"

    /// The app's source, resolved once per process.
    static let source: Source = {
        let environment = ProcessInfo.processInfo.environment
        let name = ProcessInfo.processInfo.processName
        if let bundle = Bundle.main.bundleIdentifier, !bundle.isEmpty {
            let display = Bundle.main.object(forInfoDictionaryKey: "CFBundleName") as? String ?? name
            return Source(name: display, bundleIdentifier: bundle)
        }
        if let named = environment[environmentVariable], !named.isEmpty {
            return Source(name: name, bundleIdentifier: named)
        }
        return Source(name: name, bundleIdentifier: name)
    }()
}
