public import Foundation

/// A distance in metres (Apple's `CLLocationDistance`).
public typealias CLLocationDistance = Double

/// A speed in metres per second; negative means not available (Apple's `CLLocationSpeed`).
public typealias CLLocationSpeed = Double

/// The accuracy of a speed, in metres per second; negative means not available
/// (Apple's `CLLocationSpeedAccuracy`).
public typealias CLLocationSpeedAccuracy = Double

/// A direction in degrees clockwise from true north, 0…359.9; negative means not available
/// (Apple's `CLLocationDirection`).
public typealias CLLocationDirection = Double

/// The accuracy of a direction, in degrees; negative means not available
/// (Apple's `CLLocationDirectionAccuracy`).
public typealias CLLocationDirectionAccuracy = Double

/// The largest distance, in metres (Apple's `CLLocationDistanceMax`): `Double.greatestFiniteMagnitude`.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude

/// The longest time interval, in seconds (Apple's `CLTimeIntervalMax`): `Double.greatestFiniteMagnitude`.
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude

/// A distance filter of none, −1 m: every update is delivered (Apple's `kCLDistanceFilterNone`).
///
/// ```swift
/// manager.distanceFilter = kCLDistanceFilterNone
/// ```
public let kCLDistanceFilterNone: CLLocationDistance = -1
