import Foundation
import PaceModel
import PaceSensors
import PaceTrack

extension CLLocationUpdate {
    /// Starts the GPS and delivers its updates as an asynchronous sequence (iOS 17), fed by the
    /// source `PACE_GPS` names, as ``CLLocationManager`` is.
    ///
    /// The GPS opens when iteration begins and closes when the iterating task ends or is
    /// cancelled. A lost GPS yields one update with ``locationUnavailable`` and no location, and
    /// the sequence keeps waiting for the GPS to come back; an unusable `PACE_GPS` yields that
    /// update and nothing more.
    ///
    /// ```swift
    /// let updates = CLLocationUpdate.liveUpdates(.fitness)
    /// for try await update in updates { … }
    /// ```
    /// - Parameter configuration: What the updates are for; the same GPS serves every one.
    /// - Returns: The updates.
    public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
        Updates(source: LocationSourceResolver.resolve())
    }

    /// The live updates (Apple's `CLLocationUpdate.Updates`): an `AsyncSequence` of
    /// ``CLLocationUpdate``s, newest kept when the reader falls behind.
    public struct Updates: AsyncSequence, Sendable {
        /// An update.
        public typealias Element = CLLocationUpdate

        let source: Result<any SensorSource, SensorSpecificationError>

        /// Reads the updates one at a time.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<CLLocationUpdate>.AsyncIterator

            /// The next update, or `nil` once the iterating task is cancelled.
            public mutating func next() async throws -> CLLocationUpdate? {
                await base.next()
            }
        }

        /// Opens the GPS and returns an iterator over its updates.
        public func makeAsyncIterator() -> Iterator {
            Iterator(base: Self.stream(from: source).makeAsyncIterator())
        }

        /// How many unread updates are kept: the reader sees the newest when it falls behind.
        static let bufferedUpdates = 64

        private static func stream(from source: Result<any SensorSource, SensorSpecificationError>) -> AsyncStream<CLLocationUpdate> {
            AsyncStream(bufferingPolicy: .bufferingNewest(bufferedUpdates)) { continuation in
                switch source {
                case .failure:
                    continuation.yield(CLLocationUpdate(location: nil, isStationary: false, locationUnavailable: true))
                case .success(let source):
                    let task = Task.detached {
                        let stationarity = StationarityTracker()
                        await source.run { event in
                            if let update = stationarity.update(for: event) { continuation.yield(update) }
                        }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            }
        }
    }
}
