import CoreLocation
import Dispatch
import Foundation

/// A `CLLocationManagerDelegate` that records every call with the thread it arrived on, and lets a
/// test wait for a condition (bounded, so a broken delivery fails instead of hanging).
final class DelegateRecorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    /// One delegate call.
    enum Call: Equatable {
        case locations([CLLocationCoordinate2D])
        case failure(CLError.Code, String)
        case didChangeAuthorization
        case authorization(CLAuthorizationStatus)

        static func == (lhs: Call, rhs: Call) -> Bool {
            switch (lhs, rhs) {
            case (.locations(let a), .locations(let b)):
                a.count == b.count && zip(a, b).allSatisfy { $0.latitude == $1.latitude && $0.longitude == $1.longitude }
            case (.failure(let a, let x), .failure(let b, let y)): a == b && x == y
            case (.didChangeAuthorization, .didChangeAuthorization): true
            case (.authorization(let a), .authorization(let b)): a == b
            default: false
            }
        }

        var isLocation: Bool { if case .locations = self { true } else { false } }
        var isFailure: Bool { if case .failure = self { true } else { false } }
    }

    private let lock = NSLock()
    private var recorded: [(call: Call, thread: Thread, isMainQueue: Bool)] = []
    /// Marks the main queue, so a call can tell whether it runs there.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// The calls so far, in order.
    var calls: [Call] { lock.withLock { recorded.map(\.call) } }
    /// The threads the calls arrived on.
    var threads: [Thread] { lock.withLock { recorded.map(\.thread) } }
    /// Whether each call arrived on the main queue.
    var onMainQueue: [Bool] { lock.withLock { recorded.map(\.isMainQueue) } }
    /// Only the location and failure calls.
    var updates: [Call] { calls.filter { $0.isLocation || $0.isFailure } }

    private var observers: [UUID: AsyncStream<Void>.Continuation] = [:]

    private func record(_ call: Call) {
        let isMainQueue = DispatchQueue.getSpecific(key: Self.mainQueueKey) == true
        lock.withLock {
            recorded.append((call, Thread.current, isMainQueue))
            for observer in observers.values { observer.yield() }
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        record(.locations(locations.map(\.coordinate)))
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let clError = error as? CLError
        record(.failure(clError?.code ?? .historicalLocationError, clError?.errorUserInfo[NSLocalizedDescriptionKey] as? String ?? "\(error)"))
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        record(.didChangeAuthorization)
    }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        record(.authorization(status))
    }

    /// Waits until `condition` holds for the calls, woken by each call (no polling, so a loaded
    /// cooperative pool is not kept busy); `false` after `limit` — a bound against hangs, not a
    /// measurement: in the full suite on two shared cores, other tests can hold the pool, where
    /// the scripted sources run, for a minute.
    func wait(limit: Duration = .seconds(240), until condition: @escaping @Sendable ([Call]) -> Bool) async -> Bool {
        let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        lock.withLock { observers[id] = continuation }
        defer {
            lock.withLock { observers[id] = nil }
            continuation.finish()
        }
        if condition(calls) { return true }
        let met = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in changes where condition(self.calls) { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        return met || condition(calls)
    }
}
