import CoreLocation
import Foundation
import Testing

/// `CLError`: Apple's codes, domain, NSError bridging and `catch` matching.
@Suite struct CLErrorTests {
    @Test func codesHaveApplesRawValues() {
        let codes: [(CLError.Code, Int)] = [
            (.locationUnknown, 0), (.denied, 1), (.network, 2), (.headingFailure, 3), (.regionMonitoringDenied, 4),
            (.regionMonitoringFailure, 5), (.regionMonitoringSetupDelayed, 6), (.regionMonitoringResponseDelayed, 7),
            (.geocodeFoundNoResult, 8), (.geocodeFoundPartialResult, 9), (.geocodeCanceled, 10), (.deferredFailed, 11),
            (.deferredNotUpdatingLocation, 12), (.deferredAccuracyTooLow, 13), (.deferredDistanceFiltered, 14),
            (.deferredCanceled, 15), (.rangingUnavailable, 16), (.rangingFailure, 17), (.promptDeclined, 18),
            (.historicalLocationError, 19),
        ]
        for (code, raw) in codes { #expect(code.rawValue == raw, "\(code)") }
        #expect(kCLErrorDomain == "kCLErrorDomain")
        #expect(CLError.errorDomain == kCLErrorDomain)
    }

    @Test func bridgesToNSErrorWithDomainCodeAndDescription() {
        let error: any Error = CLError(.locationUnknown, userInfo: [NSLocalizedDescriptionKey: "no fix"])
        let bridged = error as NSError
        #expect(bridged.domain == kCLErrorDomain)
        #expect(bridged.code == CLError.Code.locationUnknown.rawValue)
        #expect(bridged.localizedDescription == "no fix")
    }

    @Test func catchMatchesOnTheCode() {
        func fail() throws { throw CLError(.denied) }
        do {
            try fail()
            Issue.record("did not throw")
        } catch CLError.locationUnknown {
            Issue.record("matched the wrong code")
        } catch CLError.denied {
            // expected
        } catch {
            Issue.record("unmatched: \(error)")
        }
        #expect(CLError(.denied) == CLError(.denied, userInfo: ["x": 1]))
        #expect((CLError(.network) as any Error as? CLError)?.code == .network)
    }
}
