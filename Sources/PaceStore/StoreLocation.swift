public import Foundation

/// Where the default health store lives.
///
/// `PACE_STORE` wins; otherwise `$XDG_DATA_HOME/pace/health.sqlite`, with
/// `XDG_DATA_HOME` defaulting to `~/.local/share` as the XDG Base Directory
/// specification says.
public enum StoreLocation {
    /// The file name of the store inside its directory.
    public static let fileName = "health.sqlite"

    /// Resolves the store path.
    ///
    /// - Parameters:
    ///   - explicitPath: A path given on the command line (`--store`); wins over everything.
    ///   - environment: The process environment (`PACE_STORE`, `XDG_DATA_HOME`, `HOME`).
    /// - Returns: An absolute or relative file path.
    public static func resolve(explicitPath: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicitPath, !explicitPath.isEmpty { return explicitPath }
        if let path = environment["PACE_STORE"], !path.isEmpty { return path }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return ((dataHome as NSString).appendingPathComponent("pace") as NSString).appendingPathComponent(fileName)
    }
}
