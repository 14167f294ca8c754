import Foundation
import PaceTestSupport
import ZIPFoundation

/// Zip archives written for the import tests.
enum ZipFixture {
    /// Writes a zip of `entries` (path → bytes, deflated) named `name` in `directory`.
    /// - Returns: The archive's path.
    static func write(_ name: String, _ entries: [(String, Data)], in directory: TemporaryDirectory) throws -> String {
        let url = directory.url.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) {
                data.subdata(in: Int($0)..<(Int($0) + $1))
            }
        }
        return url.path
    }
}
