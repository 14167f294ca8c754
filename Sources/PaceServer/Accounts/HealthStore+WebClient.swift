import PaceModel
import PaceStore

extension HealthStore {
    /// Lets the web client (every browser session of the account) read and write every type in the
    /// account's store, once: the owner signing in is the owner. Asked at each sign-in and before an
    /// upload's page is made ahead (``WorkoutAnswers/prepare(_:account:store:zones:)``).
    func allowWebClient() async throws {
        // Only undetermined decisions are asked, all in one transaction: a second call writes nothing.
        let all = Set(HealthObjectType.allTypes)
        try await authorization(for: AccessToken.webClient).requestAuthorization(
            toShare: all.filter { !$0.isReadOnly }, read: all) { _, _ in true }
    }
}
