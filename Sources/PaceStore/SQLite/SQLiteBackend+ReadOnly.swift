import Foundation
import Glibc
import GRDB
import Logging

extension SQLiteBackend {
    /// A read-only connection to the store at `path` when opening it for writing failed because
    /// neither the file nor its folder may be written (a disk mounted read-only, a folder of another
    /// user, `chattr +i`); `nil` when `error` has another cause or the file is missing or empty.
    ///
    /// A store in WAL mode needs its `-shm` file to be read. When the store's `-wal` file is there
    /// (the last writer did not close it: it may hold committed transactions), the connection reads
    /// through it and needs the `-shm` beside it; when it is not, every committed page is in the file
    /// itself, which is opened `immutable` — SQLite then keeps no shared memory and takes no lock,
    /// so what it shows is the file as it is now (DECISIONS 161).
    static func readOnlyConnection(path: String, after error: any Error) throws(StoreError) -> DatabaseQueue? {
        guard let error = error as? DatabaseError,
              [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM].contains(error.resultCode) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let directory = (path as NSString).deletingLastPathComponent
        guard size > 0, access(path, W_OK) != 0 || access(directory.isEmpty ? "." : directory, W_OK) != 0 else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "PaceStore.readOnly"
        let hasLog = FileManager.default.fileExists(atPath: path + "-wal")
        let location = hasLog ? path : "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
        do {
            let queue = try DatabaseQueue(path: location, configuration: configuration)
            logger.info("The store cannot be written: opened read-only", metadata: ["path": "\(path)", "throughLog": "\(hasLog)"])
            return queue
        } catch {
            throw openingError(error, path: path)
        }
    }
}
