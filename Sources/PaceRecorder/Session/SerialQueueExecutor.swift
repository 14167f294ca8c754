import Dispatch

/// A serial executor over a dispatch queue of its own: an actor that does blocking I/O (the
/// recording journal's durable commits, an fsync each) runs on it instead of Swift's cooperative
/// thread pool, which has a thread per core and must never block.
final class SerialQueueExecutor: SerialExecutor, @unchecked Sendable {
    /// The queue every job runs on, in order.
    let queue: DispatchQueue
    private static let marker = DispatchSpecificKey<ObjectIdentifier>()

    /// Creates an executor with a new serial queue labelled `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.marker, value: ObjectIdentifier(self))
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the calling code runs on this executor's queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.marker) == ObjectIdentifier(self) }
}
