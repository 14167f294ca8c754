import Foundation
@testable import PaceServer
import Testing

/// `--database` URLs: every part read, the password from the URL or `PGPASSWORD` and never shown,
/// and each mistake named.
@Suite struct PostgresLocationTests {
    @Test func readsEveryPartAndHidesThePassword() throws {
        let location = try PostgresLocation(url: "postgres://pace:s3cret@db.example.org:6543/health?sslmode=require&pool_max=40", environment: [:])
        #expect(location.host == "db.example.org" && location.port == 6543 && location.user == "pace")
        #expect(location.password == "s3cret" && location.database == "health")
        #expect(location.tls == .require && location.maximumConnections == 40)
        #expect(!location.description.contains("s3cret"))
    }

    @Test func defaultsFollowPostgreSQLs() throws {
        let location = try PostgresLocation(url: "postgresql://alex@localhost", environment: ["PGPASSWORD": "from-env"])
        #expect(location.port == 5432 && location.database == "alex" && location.tls == .prefer)
        #expect(location.password == "from-env")
        #expect(location.maximumConnections == 20)
    }

    @Test(arguments: [
        ("mysql://pace@localhost/pace", "postgres:// URL"),
        ("postgres://localhost/pace", "no user"),
        ("postgres://pace@/pace", "no host"),
        ("postgres://pace@localhost/a/b", "one database"),
        ("postgres://pace@localhost/pace?sslmode=verify-full", "sslmode 'verify-full'"),
        ("postgres://pace@localhost/pace?pool_max=1", "pool_max '1'"),
        ("postgres://pace@localhost/pace?application_name=x", "'application_name'"),
    ])
    func eachMistakeIsNamed(url: String, says: String) {
        let error = #expect(throws: ServerError.self) { _ = try PostgresLocation(url: url, environment: [:]) }
        #expect(error?.code == "server.database")
        #expect(error?.message.contains(says) == true, "\(error?.message ?? "")")
    }
}
