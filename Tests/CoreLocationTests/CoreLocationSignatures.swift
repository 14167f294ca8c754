import CoreLocation
import Foundation

// Compile-only: one use of every supported CoreLocation signature, written as Apple's
// documentation spells it, so that a changed label, type or optionality fails the build.
// Nothing here runs.

/// Every initialiser, property and method of the supported classes and values.
func callEverySupportedSignature(manager: CLLocationManager, delegate: any CLLocationManagerDelegate) async throws {
    let coordinate: CLLocationCoordinate2D = CLLocationCoordinate2D(latitude: 1, longitude: 2)
    let _: CLLocationCoordinate2D = CLLocationCoordinate2D()
    let _: CLLocationCoordinate2D = CLLocationCoordinate2DMake(1, 2)
    let _: Bool = CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid)
    let _: CLLocationDegrees = coordinate.latitude + coordinate.longitude

    let time = Date()
    let a = CLLocation(latitude: 1, longitude: 2)
    let _ = CLLocation()
    let _ = CLLocation(coordinate: coordinate, altitude: 1, horizontalAccuracy: 2, verticalAccuracy: 3, timestamp: time)
    let _ = CLLocation(coordinate: coordinate, altitude: 1, horizontalAccuracy: 2, verticalAccuracy: 3, course: 4, speed: 5, timestamp: time)
    let _ = CLLocation(coordinate: coordinate, altitude: 1, horizontalAccuracy: 2, verticalAccuracy: 3, course: 4,
                       courseAccuracy: 5, speed: 6, speedAccuracy: 7, timestamp: time)
    let info = CLLocationSourceInformation(softwareSimulationState: false, andExternalAccessoryState: true)
    let b = CLLocation(coordinate: coordinate, altitude: 1, horizontalAccuracy: 2, verticalAccuracy: 3, course: 4,
                       courseAccuracy: 5, speed: 6, speedAccuracy: 7, timestamp: time, sourceInfo: info)
    let _: CLLocationCoordinate2D = a.coordinate
    let _: CLLocationDistance = a.altitude
    let _: CLLocationDistance = a.ellipsoidalAltitude
    let _: CLLocationAccuracy = a.horizontalAccuracy
    let _: CLLocationAccuracy = a.verticalAccuracy
    let _: CLLocationDirection = a.course
    let _: CLLocationDirectionAccuracy = a.courseAccuracy
    let _: CLLocationSpeed = a.speed
    let _: CLLocationSpeedAccuracy = a.speedAccuracy
    let _: Date = a.timestamp
    let _: CLFloor? = a.floor
    let _: Int? = a.floor?.level
    let _: CLLocationSourceInformation? = b.sourceInformation
    let _: Bool = info.isSimulatedBySoftware || info.isProducedByAccessory
    let _: CLLocationDistance = a.distance(from: b)
    let _: String = a.description
    let _: Any = a.copy()
    let _: [CLLocationAccuracy] = [kCLLocationAccuracyBestForNavigation, kCLLocationAccuracyBest, kCLLocationAccuracyNearestTenMeters,
                                   kCLLocationAccuracyHundredMeters, kCLLocationAccuracyKilometer, kCLLocationAccuracyThreeKilometers,
                                   kCLLocationAccuracyReduced]
    let _: CLLocationDistance = kCLDistanceFilterNone + CLLocationDistanceMax
    let _: TimeInterval = CLTimeIntervalMax

    let _: CLLocationManager = CLLocationManager()
    manager.delegate = delegate
    let _: (any CLLocationManagerDelegate)? = manager.delegate
    manager.desiredAccuracy = kCLLocationAccuracyBest
    manager.distanceFilter = kCLDistanceFilterNone
    manager.activityType = .fitness
    manager.activityType = .other
    manager.activityType = .automotiveNavigation
    manager.activityType = .otherNavigation
    manager.activityType = .airborne
    manager.allowsBackgroundLocationUpdates = true
    manager.pausesLocationUpdatesAutomatically = false
    manager.showsBackgroundLocationIndicator = true
    manager.startUpdatingLocation()
    manager.stopUpdatingLocation()
    manager.requestLocation()
    manager.requestWhenInUseAuthorization()
    manager.requestAlwaysAuthorization()
    let _: CLLocation? = manager.location
    let status: CLAuthorizationStatus = manager.authorizationStatus
    switch status {
    case .notDetermined, .restricted, .denied, .authorizedAlways, .authorizedWhenInUse: break
    @unknown default: break
    }
    let accuracy: CLAccuracyAuthorization = manager.accuracyAuthorization
    switch accuracy {
    case .fullAccuracy, .reducedAccuracy: break
    @unknown default: break
    }
    let _: Bool = CLLocationManager.locationServicesEnabled()
    let _: Bool = CLLocationManager.headingAvailable()
    let _: Bool = CLLocationManager.significantLocationChangeMonitoringAvailable()

    delegate.locationManager(manager, didUpdateLocations: [a])
    delegate.locationManager(manager, didFailWithError: CLError(.locationUnknown))
    delegate.locationManagerDidChangeAuthorization(manager)
    delegate.locationManager(manager, didChangeAuthorization: .authorizedAlways)

    let error = CLError(.denied, userInfo: [:])
    let _: CLError.Code = error.code
    let _: String = CLError.errorDomain
    let _: String = kCLErrorDomain
    let _: [CLError.Code] = [CLError.locationUnknown, CLError.denied, CLError.network, CLError.headingFailure, CLError.promptDeclined]
    do {
        throw error
    } catch CLError.locationUnknown {
    } catch let error as CLError where error.code == .denied {
    } catch {}

    let _: CLLocationUpdate.Updates = CLLocationUpdate.liveUpdates()
    let configurations: [CLLocationUpdate.LiveConfiguration] = [.default, .automotiveNavigation, .otherNavigation, .fitness, .airborne]
    for try await update in CLLocationUpdate.liveUpdates(configurations[0]) {
        let _: CLLocation? = update.location
        let _: Bool = update.isStationary || update.stationary || update.locationUnavailable || update.authorizationDenied
            || update.authorizationDeniedGlobally || update.authorizationRestricted || update.authorizationRequestInProgress
            || update.insufficientlyInUse || update.accuracyLimited || update.serviceSessionRequired
    }
}

/// The signatures Apple deprecates, called from a deprecated context so the build stays free of warnings.
@available(*, deprecated)
func callDeprecatedSignatures() {
    let _: CLAuthorizationStatus = CLLocationManager.authorizationStatus()
    let _: CLAuthorizationStatus = .authorized
}

/// A delegate implementing every method with Apple's signatures.
final class EveryMethodDelegate: NSObject, CLLocationManagerDelegate {
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}

/// A delegate implementing none: every method is optional, as with Apple's.
final class NoMethodDelegate: NSObject, CLLocationManagerDelegate {}

/// Apps subclass the manager to mock it and the location to extend it; Apple's members are `open`.
final class MockLocationManager: CLLocationManager {
    override func startUpdatingLocation() {}
    override func stopUpdatingLocation() {}
    override func requestLocation() {}
    override func requestWhenInUseAuthorization() {}
    override func requestAlwaysAuthorization() {}
    override var location: CLLocation? { CLLocation(latitude: 0, longitude: 0) }
    override var authorizationStatus: CLAuthorizationStatus { .denied }
    override var desiredAccuracy: CLLocationAccuracy {
        get { kCLLocationAccuracyBest }
        set {}
    }
}

/// A location subclass that calls the designated initialisers.
final class TaggedLocation: CLLocation, @unchecked Sendable {
    let tag: String

    init(tag: String, latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.tag = tag
        super.init(latitude: latitude, longitude: longitude)
    }

    override var description: String { tag + " " + super.description }
}
