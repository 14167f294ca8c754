public import Foundation
import HTTPTypes
import PaceStorePostgres
import PostgresNIO

/// Where the accounts' health stores live when the server runs on PostgreSQL: parsed from a
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]` URL.
///
/// The password may also come from the environment (`PGPASSWORD`, as PostgreSQL's own tools read it)
/// so it never appears on a command line; it is never logged (``description`` leaves it out).
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// How the connection is encrypted (PostgreSQL's `sslmode`).
    public enum TLSMode: String, Sendable, Hashable {
        /// Plain TCP: for loopback or a private network.
        case disable
        /// TLS when the server offers it, plain otherwise.
        case prefer
        /// TLS, verifying the server's certificate against the system's trust roots.
        case require
    }

    /// The server's host name or address.
    public var host: String
    /// The server's TCP port (5432 by default).
    public var port: Int
    /// The role to connect as.
    public var user: String
    /// The role's password, if any.
    public var password: String?
    /// The database's name (the user's name by default, as PostgreSQL does).
    public var database: String
    /// The connection's encryption.
    public var tls: TLSMode
    /// At most this many pooled connections (20 by default; each long-running query holds one).
    public var maximumConnections: Int

    /// Parses `url`; the password comes from the URL or else from `environment["PGPASSWORD"]`.
    ///
    /// - Throws: ``ServerError`` (`server.database`) saying which part of the URL is wrong.
    public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ServerError) {
        func refuse(_ problem: String) -> ServerError {
            ServerError(.internalServerError, code: "server.database",
                        message: "--database \(problem); give a URL like postgres://pace@127.0.0.1:5432/pace?sslmode=disable")
        }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
            throw refuse("is not a postgres:// URL")
        }
        guard let host = url.host, !host.isEmpty else { throw refuse("names no host") }
        guard let user = url.user, !user.isEmpty else { throw refuse("names no user (postgres://USER@HOST/DATABASE)") }
        self.host = host
        self.port = url.port ?? 5432
        self.user = user
        self.password = url.password ?? environment["PGPASSWORD"]
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        guard !path.contains("/") else { throw refuse("has a path of several parts; name one database") }
        self.database = path.isEmpty ? user : path
        self.maximumConnections = 20
        self.tls = .prefer
        for item in url.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw refuse("has sslmode '\(item.value ?? "")'; Pace knows disable, prefer and require")
                }
                tls = mode
            case "pool_max":
                guard let value = item.value.flatMap(Int.init), (2...1000).contains(value) else {
                    throw refuse("has pool_max '\(item.value ?? "")'; give a number of connections from 2 to 1000")
                }
                maximumConnections = value
            default:
                throw refuse("has the parameter '\(item.name)', which Pace does not know (sslmode and pool_max are)")
            }
        }
    }

    /// The URL without its password.
    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }

    /// PostgresNIO's client configuration.
    var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch self.tls {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password,
                                                         database: database, tls: tls)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.additionalStartupParameters = PostgresBackend.startupParameters
        return configuration
    }
}
