import Foundation
@testable import PaceCLI
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace apps`: listing requests, granting, denying and revoking.
@Suite struct AppsCommandTests {
    private let utc = TimeZone(identifier: "UTC")!
    private let app = "com.example.runner"

    @Test func listsRequestsThenGrantsDeniesAndRevokes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let store = try HealthStore(path: path)
        #expect(try await AppsListCommand.parsed(["--store", path]).report(timeZone: utc) == "No app has asked for access to the store.")
        try await store.authorization(for: app).recordAuthorizationRequest(toShare: [.workout], read: [.workout, .quantity(.heartRate)])

        let listed = try await AppsListCommand.parsed(["--store", path]).report(timeZone: utc)
        let lines = listed.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.first == ["APP", "TYPE", "WRITE", "READ", "ASKED"])
        #expect(lines.dropFirst().map { Array($0.prefix(4)) } == [[app, "heartRate", "—", "pending"], [app, "workout", "pending", "pending"]])

        let granted = try await AppsGrantCommand.parsed([app, "--store", path]).decide()
        #expect(granted == ["Allowed \(app) to read heartRate.", "Allowed \(app) to write and read workout."])
        #expect(try await store.authorization(for: app).authorizationStatus(for: .workout) == .sharingAuthorized)

        let denied = try await AppsDenyCommand.parsed([app, "heartRate", "--read", "--store", path]).decide()
        #expect(denied == ["Denied \(app) to read heartRate."])

        let json = try await AppsListCommand.parsed([app, "--store", path, "--json"]).report(timeZone: utc)
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(rows?.map { $0["read"] as? String } == ["denied", "authorized"])
        #expect(rows?.map { $0["share"] as? String } == ["notDetermined", "sharingAuthorized"])

        #expect(try await AppsRevokeCommand.parsed([app, "--store", path]).revoke() == "Revoked \(app)'s access to 1 type.")
        #expect(try await store.authorization(for: app).authorizationStatus(for: .workout) == .sharingDenied)
    }

    @Test func refusesUnknownTypesAndWritingReadOnlyTypes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        await #expect(throws: (any Error).self) { try await AppsGrantCommand.parsed([app, "noSuchType", "--store", path]).decide() }
        await #expect(throws: (any Error).self) { try await AppsGrantCommand.parsed([app, "--store", path]).decide() }
        let error = await #expect(throws: (any Error).self) {
            try await AppsGrantCommand.parsed([app, "dateOfBirth", "--share", "--store", path]).decide()
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("can only be read"))
    }
}
