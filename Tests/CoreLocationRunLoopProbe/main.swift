// A program that uses CoreLocation from its main thread, as a command-line tool or daemon would:
// it makes a CLLocationManager on the main thread, starts updates, and either runs
// `RunLoop.main.run(until:)` in a loop or calls `dispatchMain()`. It prints each delegate call
// and exits 0 after three locations (1 after 60 s without them). CoreLocationTests runs it.
//
//     PACE_GPS=nmea-file:ride.nmea CoreLocationRunLoopProbe runloop|dispatchmain
import CoreLocation
import Dispatch
import Foundation

final class Printer: NSObject, CLLocationManagerDelegate {
    var locations = 0
    var onDone: () -> Void = {}

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        print("authorization \(manager.authorizationStatus.rawValue)")
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            self.locations += 1
            print("location \(location.coordinate.latitude) \(location.coordinate.longitude) mainThread=\(Thread.isMainThread)")
        }
        if self.locations >= 3 {
            manager.stopUpdatingLocation()
            onDone()
        }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        print("error \((error as? CLError)?.code.rawValue ?? -1)")
    }
}

let mode = CommandLine.arguments.dropFirst().first ?? "runloop"
let printer = Printer()
let manager = CLLocationManager()
manager.delegate = printer
manager.startUpdatingLocation()

switch mode {
case "dispatchmain":
    printer.onDone = { exit(0) }
    DispatchQueue.main.asyncAfter(deadline: .now() + 60) { exit(1) }
    dispatchMain()
default:
    var done = false
    printer.onDone = { done = true }
    let deadline = Date().addingTimeInterval(60)
    while !done, Date() < deadline {
        RunLoop.main.run(until: Date().addingTimeInterval(0.5))
    }
    exit(done ? 0 : 1)
}
