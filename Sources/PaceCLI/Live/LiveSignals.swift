import Dispatch
import Foundation
import PaceRecorder
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals a recording run as a service handles, through dispatch signal sources (handlers
/// run on a queue, not in signal context):
/// - SIGHUP (the terminal closed, or `systemctl reload`): recording continues, the dashboard
///   falls back to log lines;
/// - SIGTERM (`systemctl stop`, shutdown) and SIGINT (Ctrl-C): stop, as `--on-term` says; a
///   second one exits at once, leaving the session open for recovery;
/// - SIGPIPE is ignored, so a closed pipe on standard output cannot kill a recording.
final class LiveSignals: @unchecked Sendable {
    private let queue = DispatchQueue(label: "pace.record.signals")
    private var sources: [any DispatchSourceSignal] = []
    private let lock = NSLock()
    private var stopsSeen = 0

    /// Starts handling.
    /// - Parameters:
    ///   - hangUp: Called on SIGHUP.
    ///   - stop: Called on the first SIGTERM or SIGINT with the signal's name.
    ///   - force: Called on a second SIGTERM or SIGINT.
    func start(hangUp: @escaping @Sendable () -> Void, stop: @escaping @Sendable (String) -> Void,
               force: @escaping @Sendable (String) -> Void) {
        signal(SIGPIPE, SIG_IGN)
        let handled: [(Int32, String)] = [(SIGHUP, "SIGHUP"), (SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")]
        for (number, name) in handled {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                if number == SIGHUP {
                    hangUp()
                    return
                }
                let count = self.lock.withLock { () -> Int in
                    self.stopsSeen += 1
                    return self.stopsSeen
                }
                if count == 1 { stop(name) } else { force(name) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops handling and restores the default actions of SIGTERM and SIGINT (SIGHUP stays
    /// ignored until the process exits, so a late hang-up cannot cut the final save short).
    func stop() {
        for source in sources { source.cancel() }
        sources = []
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
    }
}

/// Carries a stop request from a signal to the live recorder, holding it while the recorder does
/// not exist yet (a SIGTERM while the store opens), and passing it on once the recorder is attached.
actor LiveStopRelay {
    private let terminal: LiveTerminal
    private var recorder: LiveRecorder?
    private var pending: (LiveRecorder.Stop, String)?

    /// Creates a relay that reports stops on `terminal`.
    init(terminal: LiveTerminal) {
        self.terminal = terminal
    }

    /// Asks the recording to stop: at once when the recorder runs, else as soon as it is attached.
    func request(_ stop: LiveRecorder.Stop, because reason: String) async {
        if let recorder {
            await recorder.requestStop(stop, because: reason, terminal: terminal)
        } else if pending == nil {
            pending = (stop, reason)
        }
    }

    /// Attaches the recorder and hands it any stop asked for before.
    func attach(_ recorder: LiveRecorder) async {
        self.recorder = recorder
        if let (stop, reason) = pending {
            pending = nil
            await recorder.requestStop(stop, because: reason, terminal: terminal)
        }
    }
}
