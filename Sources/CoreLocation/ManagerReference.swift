/// A weak reference to a ``CLLocationManager`` that tasks can hold: the manager's state is behind
/// its lock, and its delegate is only called on the creating thread's run loop.
final class ManagerReference: @unchecked Sendable {
    /// The manager, while it exists.
    /// Set once, by the manager's initialiser, before any task can read it.
    weak var manager: CLLocationManager?
}
