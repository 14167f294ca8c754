import Foundation
import HTTPTypes
import Logging
import PaceStore

/// Each account's health store, one SQLite file per account under `accounts/` in the data folder
/// (strong isolation: one account's queries cannot reach another's rows), opened once and kept.
actor AccountStores {
    private let folder: URL
    private var open: [UUID: HealthStore] = [:]
    private let logger = Logger(label: "org.pace.server.stores")

    init(folder: URL) {
        self.folder = folder
    }

    /// The account's store, created on first use.
    func store(for account: UUID) throws -> HealthStore {
        if let store = open[account] { return store }
        let directory = folder.appendingPathComponent(account.uuidString.lowercased(), isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let store = try HealthStore(path: directory.appendingPathComponent("health.sqlite").path)
            open[account] = store
            return store
        } catch {
            logger.error("Cannot open an account's store", metadata: ["account": "\(account)", "error": "\(error)"])
            throw ServerError(.internalServerError, code: "server.store",
                              message: "The account's store cannot be opened; the server's log says why.")
        }
    }
}
