import Foundation
import HealthKit
import Testing

@Suite struct HKErrorTests {
    @Test func codesKeepApplesRawValuesAndMatchInCatchClauses() {
        #expect(HKError.Code.errorAuthorizationDenied.rawValue == 4)
        #expect(HKError.Code.errorNoData.rawValue == 11)
        let error: any Error = HKError(.errorAuthorizationDenied, message: "denied")
        switch error {
        case HKError.errorAuthorizationDenied: break
        default: Issue.record("an authorization error matches its code")
        }
        let bridged = error as NSError
        #expect(bridged.domain == HKErrorDomain && bridged.code == 4)
        #expect(bridged.localizedDescription == "denied")
    }
}
