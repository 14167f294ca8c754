import CoreLocation
import Testing

@Suite struct CLLocationCoordinate2DTests {
    @Test func validityFollowsTheDegreeRanges() {
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(47.37, 8.54)))
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 91, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 0, longitude: 180.5)))
    }
}
