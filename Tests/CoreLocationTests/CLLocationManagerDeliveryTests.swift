import CoreLocation
import Foundation
import PaceSensors
import PaceTestSupport
import Testing

/// Where and when a `CLLocationManager` calls its delegate: on the run loop of the thread that
/// made it (or the main queue), never on the caller's stack, in order.
@Suite(.timeLimit(.minutes(10 * TestTime.scale)))
struct CLLocationManagerDeliveryTests {
    @Test func callsArriveOnTheRunLoopOfTheCreatingThread() async throws {
        // Given a manager made on a thread of its own, which then runs its run loop
        let recorder = DelegateRecorder()
        let runLoop = RunLoopThread()
        let source = ScriptedFixes.source([ScriptedFixes.fix(latitude: 47.1), ScriptedFixes.fix(latitude: 47.2)])
        let manager = await runLoop.start {
            let manager = CLLocationManager(source: source)
            manager.delegate = recorder
            manager.startUpdatingLocation()
            return manager
        }
        // When the fixes arrive
        let delivered = await recorder.wait { $0.filter(\.isLocation).count == 2 }
        // Then every call, the authorization ones included, ran on that thread
        #expect(delivered, "calls: \(recorder.calls)")
        let thread = try #require(runLoop.thread)
        #expect(recorder.threads.allSatisfy { $0 === thread })
        #expect(recorder.calls.prefix(2) == [.didChangeAuthorization, .authorization(.authorizedAlways)])
        #expect(recorder.updates == [.locations([.init(latitude: 47.1, longitude: 8.54)]), .locations([.init(latitude: 47.2, longitude: 8.54)])])
        #expect(manager.location?.coordinate.latitude == 47.2)
        manager.stopUpdatingLocation()
        await runLoop.stop()
    }

    @MainActor
    @Test func aManagerMadeOnTheMainActorCallsOnTheMainQueueNeverOnTheCallersStack() async throws {
        // Given a manager made on the main actor
        let recorder = DelegateRecorder()
        let manager = CLLocationManager(source: ScriptedFixes.source([ScriptedFixes.fix(latitude: 12.5)]))
        manager.delegate = recorder
        // When the app asks for authorization and starts
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
        // Then nothing was called on its stack
        #expect(recorder.calls.isEmpty)
        #expect(manager.authorizationStatus == .authorizedAlways && manager.accuracyAuthorization == .fullAccuracy)
        // and everything arrives once the main actor is free, on the main queue (which swift test
        // serves with dispatchMain(), so from a thread that is not the process's first)
        let delivered = await recorder.wait { $0.contains(.locations([.init(latitude: 12.5, longitude: 8.54)])) }
        #expect(delivered, "calls: \(recorder.calls)")
        #expect(recorder.calls.filter { $0 == .didChangeAuthorization }.count == 2, "once on creation, once on request")
        #expect(recorder.onMainQueue.allSatisfy { $0 })
        manager.stopUpdatingLocation()
    }

    @Test func distanceFilterDeliversOnlyAfterEnoughMovement() async throws {
        // Given fixes 4 m apart along a meridian, then one a kilometre on, and a 10 m filter
        let metre = 1 / 111_000.0
        let steps = (0..<10).map { ScriptedFixes.fix(latitude: 45 + Double($0) * 4 * metre) } + [ScriptedFixes.fix(latitude: 45.01)]
        let recorder = DelegateRecorder()
        let runLoop = RunLoopThread()
        let manager = await runLoop.start {
            let manager = CLLocationManager(source: ScriptedFixes.source(steps))
            manager.delegate = recorder
            manager.distanceFilter = 10
            manager.startUpdatingLocation()
            return manager
        }
        // When the last fix has arrived
        let done = await recorder.wait { $0.contains(.locations([.init(latitude: 45.01, longitude: 8.54)])) }
        // Then only fixes at least 10 m from the last delivered one came: 0, 12, 24, 36 m, then the far one
        #expect(done)
        let expected = [0, 3, 6, 9].map { CLLocationCoordinate2D(latitude: 45 + Double($0) * 4 * metre, longitude: 8.54) }
            + [CLLocationCoordinate2D(latitude: 45.01, longitude: 8.54)]
        #expect(recorder.updates == expected.map { .locations([$0]) })
        manager.stopUpdatingLocation()
        await runLoop.stop()
    }

    @Test func noGPSIsLocationUnknownOncePerOutageAndTheManagerKeepsTrying() async throws {
        // Given a GPS that is missing, then delivers, then drops again and comes back
        let steps = [ScriptedFixes.lost(), ScriptedFixes.lost(), ScriptedFixes.fix(latitude: 1), ScriptedFixes.regained,
                     ScriptedFixes.lost("gpsd at localhost:2947: no fix (mode 1)"), ScriptedFixes.fix(latitude: 2)]
        let recorder = DelegateRecorder()
        let runLoop = RunLoopThread()
        let manager = await runLoop.start {
            let manager = CLLocationManager(source: ScriptedFixes.source(steps))
            manager.delegate = recorder
            manager.startUpdatingLocation()
            return manager
        }
        // When the script has played
        let done = await recorder.wait { $0.contains(.locations([.init(latitude: 2, longitude: 8.54)])) }
        // Then each outage is one locationUnknown with the source's reason, and updates resume after it
        #expect(done)
        #expect(recorder.updates == [
            .failure(.locationUnknown, "gpsd at localhost:2947 refused the connection"),
            .locations([.init(latitude: 1, longitude: 8.54)]),
            .failure(.locationUnknown, "gpsd at localhost:2947: no fix (mode 1)"),
            .locations([.init(latitude: 2, longitude: 8.54)]),
        ])
        manager.stopUpdatingLocation()
        await runLoop.stop()
    }

    @Test func aSilentGPSIsLocationUnknownAfterTheDelay() async throws {
        // Given a source that never says anything, and a short delay
        let recorder = DelegateRecorder()
        let runLoop = RunLoopThread()
        let manager = await runLoop.start {
            let manager = CLLocationManager(source: ScriptedFixes.source([]))
            manager.locationUnknownDelay = .milliseconds(100)
            manager.delegate = recorder
            manager.startUpdatingLocation()
            return manager
        }
        let failed = await recorder.wait { $0.contains(where: \.isFailure) }
        #expect(failed)
        #expect(recorder.updates.first == .failure(.locationUnknown, "no location from the GPS within 0.1 seconds"))
        manager.stopUpdatingLocation()
        await runLoop.stop()
    }

    @Test func requestLocationWaitsForTheDesiredAccuracyThenStops() async throws {
        // Given fixes growing more accurate, and a wish for 10 m
        let steps = [ScriptedFixes.fix(latitude: 3, accuracy: 65), ScriptedFixes.fix(latitude: 4, accuracy: 9),
                     ScriptedFixes.fix(latitude: 5, accuracy: 4)]
        let source = ScriptedFixes.source(steps)
        let recorder = DelegateRecorder()
        let runLoop = RunLoopThread()
        let manager = await runLoop.start {
            let manager = CLLocationManager(source: source)
            manager.delegate = recorder
            manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
            manager.requestTimeout = .seconds(3600)  // never reached: the answer is the 9 m fix
            manager.requestLocation()
            return manager
        }
        // When the answer has come, and a marker call is queued after it
        let answered = await recorder.wait { $0.contains(where: \.isLocation) }
        manager.requestAlwaysAuthorization()
        let marked = await recorder.wait { $0.last == .authorization(.authorizedAlways) && $0.filter { $0 == .didChangeAuthorization }.count == 2 }
        // Then exactly one location came: the first one at least as accurate as wished
        #expect(answered && marked)
        #expect(recorder.updates == [.locations([.init(latitude: 4, longitude: 8.54)])])
        await runLoop.stop()
        _ = manager
    }

    @Test func requestLocationWithoutAFixTimesOutWithLocationUnknown() async throws {
        let silent = DelegateRecorder()
        let otherRunLoop = RunLoopThread()
        let other = await otherRunLoop.start {
            let other = CLLocationManager(source: ScriptedFixes.source([]))
            other.delegate = silent
            other.requestTimeout = .milliseconds(100)
            other.requestLocation()
            return other
        }
        let failed = await silent.wait { $0.contains(where: \.isFailure) }
        #expect(failed)
        #expect(silent.updates == [.failure(.locationUnknown, "no location from the GPS within 0.1 seconds")])
        await otherRunLoop.stop()
        _ = other
    }

    @Test func stopEndsUpdatesAndSettingsAreKept() async throws {
        let recorder = DelegateRecorder()
        let runLoop = RunLoopThread()
        let source = ScriptedFixes.source([ScriptedFixes.fix(latitude: 8)] + (0..<5).map { _ in ScriptedFixes.fix(latitude: 9) })
        let manager = await runLoop.start {
            let manager = CLLocationManager(source: source)
            manager.delegate = recorder
            manager.activityType = .fitness
            manager.allowsBackgroundLocationUpdates = true
            manager.pausesLocationUpdatesAutomatically = false
            manager.showsBackgroundLocationIndicator = true
            manager.startUpdatingLocation()
            return manager
        }
        let first = await recorder.wait { $0.contains(where: \.isLocation) }
        #expect(first)
        // When updates stop, and a marker call is queued after the stop
        manager.stopUpdatingLocation()
        let countAtStop = recorder.calls.count
        manager.requestAlwaysAuthorization()
        let marked = await recorder.wait { $0.count > countAtStop && $0.last == .authorization(.authorizedAlways) }
        // Then no location arrived between the stop and the marker (calls arrive in order)
        #expect(marked)
        #expect(recorder.calls[countAtStop...].allSatisfy { !$0.isLocation }, "\(recorder.calls[countAtStop...])")
        #expect(manager.activityType == .fitness && manager.allowsBackgroundLocationUpdates)
        #expect(!manager.pausesLocationUpdatesAutomatically && manager.showsBackgroundLocationIndicator)
        #expect(CLLocationManager.locationServicesEnabled())
        await runLoop.stop()
    }
}
