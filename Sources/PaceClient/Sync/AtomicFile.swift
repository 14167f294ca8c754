import Foundation
import PaceModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Blocking file work on a thread of its own, off the cooperative pool.
enum ThreadBridgeIO {
    /// Runs `body` on a dispatch thread and awaits it.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws(SyncError) -> T) async throws(SyncError) -> T {
        try await ThreadBridge.run(label: "org.pace.sync.state", body)
    }
}

/// Durable, atomic replacement of a small file.
enum AtomicFile {
    /// Writes `data` to a temporary file beside `path`, flushes it, renames it over `path` and
    /// flushes the folder: after a crash the file holds the old bytes or the new ones.
    static func write(_ data: Data, to path: String) throws(SyncError) {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let temporary = path + ".tmp-\(getpid())"
        func failure(_ step: String) -> SyncError {
            SyncError(.state, "The sync state \(path) could not be written (\(step): \(String(cString: strerror(errno)))); check the folder's space and permissions.")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("open") }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 { if errno == EINTR { continue }; return false }
                written += count
            }
            return true
        }
        guard ok, fsync(descriptor) == 0 else {
            let error = failure("write")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure("rename")
            unlink(temporary)
            throw error
        }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }
}
