import Foundation

extension CLLocationManager {
    /// Queues both authorization callbacks, the iOS 14 one first.
    func notifyAuthorization() {
        deliveries.enqueue { [weak self] in
            guard let self, let delegate = self.delegate else { return }
            delegate.locationManagerDidChangeAuthorization(self)
            delegate.locationManager(self, didChangeAuthorization: self.authorizationStatus)
        }
    }
}
