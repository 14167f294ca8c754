import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Requests recorded without a decision, and the owner deciding them later.
@Suite struct AuthorizationRequestTests {
    private let heartRate = HealthObjectType.quantity(.heartRate)
    private let appID = "com.example.runner"

    private func ownSample() -> QuantitySample {
        var sample = TestObjects.heartRate(130, metadata: [:])
        sample.source = Source(name: "Runner", bundleIdentifier: appID)
        return sample
    }

    @Test func aRecordedRequestDecidesNothingUntilTheOwnerDoes() async throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: appID)
        #expect(try await !app.hasRequestedAuthorization(toShare: [heartRate], read: [.workout]))
        try await app.recordAuthorizationRequest(toShare: [heartRate], read: [heartRate, .workout])
        #expect(try await app.hasRequestedAuthorization(toShare: [heartRate], read: [.workout]))
        #expect(try await !app.hasRequestedAuthorization(toShare: [.workout], read: []), "the workout was asked for reading only")
        #expect(try await app.authorizationStatus(for: heartRate) == .notDetermined)
        let refused = await #expect(throws: StoreError.self) { try await app.save([.quantitySample(ownSample())]) }
        #expect(refused?.code == .notAuthorized)
        #expect(refused?.message.contains("awaits the owner's decision") == true, "\(refused?.message ?? "")")

        let pending = try await store.authorizationRecords(client: appID)
        #expect(pending.map(\.type) == [heartRate, .workout].sorted { $0.identifier < $1.identifier })
        #expect(pending.allSatisfy(\.isPending) && pending.allSatisfy { $0.requestedAt != nil })

        try await store.setAuthorization(client: appID, type: heartRate, share: .sharingAuthorized, read: .denied)
        #expect(try await app.authorizationStatus(for: heartRate) == .sharingAuthorized)
        try await app.save([.quantitySample(ownSample())])
        let decided = try #require(try await store.authorizationRecords(client: appID).first { $0.type == heartRate })
        #expect(decided.shareStatus == .sharingAuthorized && decided.readStatus == .denied && !decided.isPending)

        // Asking again changes no decision.
        try await app.requestAuthorization(toShare: [heartRate], read: [heartRate]) { _, _ in
            Issue.record("decided types are not asked again")
            return false
        }
        #expect(try await app.authorizationStatus(for: heartRate) == .sharingAuthorized)
    }

    @Test func theOwnerCannotLetAClientWriteAReadOnlyType() async throws {
        let store = try HealthStore.inMemory()
        let error = await #expect(throws: StoreError.self) {
            try await store.setAuthorization(client: appID, type: .characteristic(.dateOfBirth), share: .sharingAuthorized)
        }
        #expect(error?.code == .readOnlyType)
        try await store.setAuthorization(client: appID, type: .characteristic(.dateOfBirth), read: .authorized)
        #expect(try await store.authorizationRecords().map(\.readStatus) == [.authorized])
    }
}
