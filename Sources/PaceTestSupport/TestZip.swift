public import Foundation
import ZIPFoundation

/// Zip archives written for tests, with ZIPFoundation's writer: one helper for every suite that
/// needs an archive (good ones, and hostile ones whose entry names or sizes attack the reader).
public enum TestZip {
    /// One entry of an archive to write.
    public struct Entry: Sendable {
        /// What an entry holds.
        public enum Content: Sendable {
            /// These bytes.
            case bytes(Data)
            /// This many zero bytes, produced 1 MiB at a time (a bomb never sits in memory).
            case zeros(Int64)
            /// Nothing: a folder entry.
            case directory
            /// A symbolic link to this path.
            case symbolicLink(to: String)
        }

        /// The entry's name in the archive, as written (`../` and absolute names included).
        public var path: String
        /// What it holds.
        public var content: Content
        /// `true` to store the bytes as they are, `false` to deflate them.
        public var stored: Bool

        /// An entry holding `data`, deflated unless `stored`.
        public init(path: String, data: Data, stored: Bool = false) {
            self.init(path: path, content: .bytes(data), stored: stored)
        }

        /// An entry of any content.
        public init(path: String, content: Content, stored: Bool = false) {
            self.path = path
            self.content = content
            self.stored = stored
        }
    }

    /// Writes `entries`, in order, into a new archive at `url`.
    /// - Returns: `url`.
    /// - Throws: ZIPFoundation's error when the archive cannot be written.
    @discardableResult
    public static func write(_ entries: [Entry], to url: URL) throws -> URL {
        let archive = try Archive(url: url, accessMode: .create)
        for entry in entries {
            let method: CompressionMethod = entry.stored ? .none : .deflate
            switch entry.content {
            case .bytes(let data):
                try archive.addEntry(with: entry.path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: method) {
                    data.subdata(in: Int($0)..<(Int($0) + $1))
                }
            case .zeros(let size):
                try archive.addEntry(with: entry.path, type: .file, uncompressedSize: size, compressionMethod: method,
                                     bufferSize: 1 << 20) { _, chunk in Data(count: chunk) }
            case .directory:
                try archive.addEntry(with: entry.path, type: .directory, uncompressedSize: 0, compressionMethod: .none) { (_: Int64, _: Int) in Data() }
            case .symbolicLink(let target):
                let data = Data(target.utf8)
                try archive.addEntry(with: entry.path, type: .symlink, uncompressedSize: Int64(data.count), compressionMethod: method) {
                    data.subdata(in: Int($0)..<(Int($0) + $1))
                }
            }
        }
        return url
    }
}
