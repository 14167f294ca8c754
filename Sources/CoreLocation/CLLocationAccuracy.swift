/// An accuracy in metres: the radius of uncertainty of a position, or of an altitude; negative
/// means the value is invalid (Apple's `CLLocationAccuracy`).
///
/// As ``CLLocationManager/desiredAccuracy`` it takes one of the `kCLLocationAccuracy…` constants
/// or a number of metres.
public typealias CLLocationAccuracy = Double

/// The best accuracy, for navigation: −2 (Apple's `kCLLocationAccuracyBestForNavigation`). On
/// Pace, the same as ``kCLLocationAccuracyBest``: every fix the receiver reports.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2

/// The best accuracy available: −1 (Apple's `kCLLocationAccuracyBest`). Every fix is delivered.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1

/// Accuracy to within ten metres: 10 m (Apple's `kCLLocationAccuracyNearestTenMeters`).
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10

/// Accuracy to within a hundred metres: 100 m (Apple's `kCLLocationAccuracyHundredMeters`).
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100

/// Accuracy to the nearest kilometre: 1000 m (Apple's `kCLLocationAccuracyKilometer`).
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000

/// Accuracy to the nearest three kilometres: 3000 m (Apple's `kCLLocationAccuracyThreeKilometers`).
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000

/// The accuracy of an app without full-accuracy authorization (Apple's
/// `kCLLocationAccuracyReduced`). Apple documents no value; Pace uses 3000 m. Pace always grants
/// full accuracy, so setting it only widens the accuracy filter.
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
