import CoreLocation
import Foundation
import PaceTestSupport
import Testing

/// `CLLocation`'s initialisers, values, copies and description, through the public API.
@Suite struct CLLocationTests {
    let coordinate = CLLocationCoordinate2D(latitude: 52.516_275, longitude: 13.377_704)
    let time = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func latitudeLongitudeGivesAValidCoordinateMadeNowAndNothingElse() {
        // Given a moment before
        let before = Date()
        // When
        let location = CLLocation(latitude: 52.516_275, longitude: 13.377_704)
        // Then
        #expect(location.coordinate.latitude == 52.516_275 && location.coordinate.longitude == 13.377_704)
        #expect(location.horizontalAccuracy == 0)
        #expect(location.altitude == 0 && location.verticalAccuracy < 0)
        #expect(location.speed < 0 && location.course < 0 && location.speedAccuracy < 0 && location.courseAccuracy < 0)
        #expect(location.timestamp >= before && location.timestamp <= Date())
        #expect(location.floor == nil && location.sourceInformation == nil)
    }

    @Test func everyInitialiserKeepsWhatItIsGiven() {
        let short = CLLocation(coordinate: coordinate, altitude: 34.5, horizontalAccuracy: 4, verticalAccuracy: 6, timestamp: time)
        #expect(short.altitude == 34.5 && short.ellipsoidalAltitude == 34.5)
        #expect(short.horizontalAccuracy == 4 && short.verticalAccuracy == 6 && short.timestamp == time)
        #expect(short.speed == -1 && short.course == -1)

        let moving = CLLocation(coordinate: coordinate, altitude: 34.5, horizontalAccuracy: 4, verticalAccuracy: 6,
                                course: 271.5, speed: 3.2, timestamp: time)
        #expect(moving.course == 271.5 && moving.speed == 3.2)
        #expect(moving.courseAccuracy == -1 && moving.speedAccuracy == -1)

        let full = CLLocation(coordinate: coordinate, altitude: 34.5, horizontalAccuracy: 4, verticalAccuracy: 6,
                              course: 271.5, courseAccuracy: 8, speed: 3.2, speedAccuracy: 0.4, timestamp: time)
        #expect(full.courseAccuracy == 8 && full.speedAccuracy == 0.4)
        #expect(full.coordinate.latitude == coordinate.latitude && full.coordinate.longitude == coordinate.longitude)

        let info = CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false)
        let sourced = CLLocation(coordinate: coordinate, altitude: 34.5, horizontalAccuracy: 4, verticalAccuracy: 6,
                                 course: 271.5, courseAccuracy: 8, speed: 3.2, speedAccuracy: 0.4, timestamp: time, sourceInfo: info)
        #expect(sourced.sourceInformation?.isSimulatedBySoftware == true)
        #expect(sourced.sourceInformation?.isProducedByAccessory == false)

        let origin = CLLocation()
        #expect(origin.coordinate.latitude == 0 && origin.coordinate.longitude == 0)
    }

    @Test func aCopyIsTheSameImmutableLocation() throws {
        let location = CLLocation(coordinate: coordinate, altitude: 1, horizontalAccuracy: 2, verticalAccuracy: 3, timestamp: time)
        let copy = try #require(location.copy() as? CLLocation)
        #expect(copy.coordinate.latitude == location.coordinate.latitude && copy.timestamp == location.timestamp)
    }

    @Test func descriptionHasApplesShape() {
        let location = CLLocation(coordinate: coordinate, altitude: 34.5, horizontalAccuracy: 4, verticalAccuracy: 6,
                                  course: 271.5, speed: 3.2, timestamp: time)
        #expect(location.description.hasPrefix("<+52.51627500,+13.37770400> +/- 4.00m alt 34.50m +/- 6.00m (speed 3.20 mps / course 271.50) @ "),
                "\(location.description)")
        let flat = CLLocation(latitude: -33.5, longitude: -70.25)
        #expect(flat.description.hasPrefix("<-33.50000000,-70.25000000> +/- 0.00m (speed -1.00 mps / course -1.00) @ "), "\(flat.description)")
    }

    @Test func constantsHaveApplesValues() {
        #expect(kCLLocationAccuracyBestForNavigation == -2)
        #expect(kCLLocationAccuracyBest == -1)
        #expect(kCLLocationAccuracyNearestTenMeters == 10)
        #expect(kCLLocationAccuracyHundredMeters == 100)
        #expect(kCLLocationAccuracyKilometer == 1000)
        #expect(kCLLocationAccuracyThreeKilometers == 3000)
        #expect(kCLDistanceFilterNone == -1)
        #expect(CLActivityType.other.rawValue == 1 && CLActivityType.automotiveNavigation.rawValue == 2)
        #expect(CLActivityType.fitness.rawValue == 3 && CLActivityType.otherNavigation.rawValue == 4 && CLActivityType.airborne.rawValue == 5)
        #expect(CLAuthorizationStatus.notDetermined.rawValue == 0 && CLAuthorizationStatus.restricted.rawValue == 1)
        #expect(CLAuthorizationStatus.denied.rawValue == 2 && CLAuthorizationStatus.authorizedAlways.rawValue == 3)
        #expect(CLAuthorizationStatus.authorizedWhenInUse.rawValue == 4)
        #expect(CLAccuracyAuthorization.fullAccuracy.rawValue == 0 && CLAccuracyAuthorization.reducedAccuracy.rawValue == 1)
    }
}
