import Foundation
import PaceModel
public import PaceStore

/// Journal form of ``SessionCommand``: the command's name as the event kind, and its argument
/// (marker label, stream, gap, clock offset) as a small JSON object.
enum CommandCoding {
    private struct Payload: Codable {
        var label: String?
        var stream: SensorStream?
        var gap: Double?
        var offset: Double?
    }

    static func payload(of command: SessionCommand) -> Data {
        let payload: Payload
        switch command {
        case .marker(let label): payload = Payload(label: label)
        case .sensorDisconnected(let stream), .sensorReconnected(let stream): payload = Payload(stream: stream)
        case .recovered(let gap): payload = Payload(gap: gap)
        case .timeBase(let offset): payload = Payload(offset: offset)
        default: return Data()
        }
        return (try? JSONEncoder().encode(payload)) ?? Data()
    }

    static func command(from event: JournalEvent) throws(SessionError) -> SessionCommand {
        let payload = event.payload.isEmpty ? Payload() : ((try? JSONDecoder().decode(Payload.self, from: event.payload)) ?? Payload())
        switch event.kind {
        case "prepare": return .prepare
        case "start": return .start
        case "pause": return .pause
        case "resume": return .resume
        case "lap": return .lap
        case "marker": return .marker(payload.label)
        case "finish": return .finish
        case "discard": return .discard
        case "autoPause": return .autoPause
        case "autoResume": return .autoResume
        case "gpsLost": return .gpsLost
        case "gpsRegained": return .gpsRegained
        case "batteryLow": return .batteryLow
        case "batteryCritical": return .batteryCritical
        case "recovered": return .recovered(gap: payload.gap ?? 0)
        case "timeBase":
            guard let offset = payload.offset, offset.isFinite else { break }
            return .timeBase(offset: offset)
        case "sensorDisconnected", "sensorReconnected":
            guard let stream = payload.stream else { break }
            return event.kind == "sensorDisconnected" ? .sensorDisconnected(stream) : .sensorReconnected(stream)
        default: break
        }
        throw SessionError(code: .unreadableJournal,
                           message: "Journal event \(event.sequence) is '\(event.kind)', which this version of Pace cannot replay; "
                               + "upgrade Pace to recover the session.")
    }
}

extension SessionCommand {
    /// The command a journal event records — how recovery and a resuming driver read a session's
    /// journal back.
    ///
    /// - Parameter event: An event of a session's journal.
    /// - Throws: ``SessionError`` with ``SessionError/Code/unreadableJournal`` for an event this
    ///   version of Pace cannot read as a command.
    public init(journalEvent event: JournalEvent) throws(SessionError) {
        self = try CommandCoding.command(from: event)
    }
}
