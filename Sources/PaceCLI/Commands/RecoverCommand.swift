import ArgumentParser
import Foundation
import PaceModel
import PaceRecorder
import PaceStore

/// `pace recover`: lists, finishes or discards recording sessions a crash left open.
struct RecoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "List, finish or discard recording sessions that were interrupted.",
        discussion: """
            Without options, lists the unfinished sessions. --finish rebuilds a session from its journal exactly as it \
            was and saves it as a workout ending at its last reading; --discard closes it without a workout (its \
            readings stay in the journal). To continue a replayed recording instead, run the same `pace record` again.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Finish and save the session(s).")
    var finish = false

    @Flag(name: .long, help: "Discard the session(s) without a workout.")
    var discard = false

    @Argument(help: "A session ID from the list; all unfinished sessions when omitted with --finish or --discard.")
    var session: String?

    struct Listing: Encodable {
        var id: UUID
        var activityType: String
        var createdAt: Date
        var lastReading: Date?
        var readings: Int
        var origin: String?
    }

    func validate() throws {
        if finish && discard { throw ValidationError("Choose --finish or --discard, not both.") }
        if let session, UUID(uuidString: session) == nil {
            throw ValidationError("'\(session)' is not a session ID. Run `pace recover` to list them.")
        }
    }

    func run() async throws {
        let journal = RecordingJournal(store: try storeOptions.open())
        var open = try await journal.sessions(openOnly: true)
        if let session, let id = UUID(uuidString: session) {
            open = open.filter { $0.id == id }
            guard !open.isEmpty else { throw ValidationError("No unfinished session \(session). Run `pace recover` to list them.") }
        }
        guard finish || discard else {
            var listings: [Listing] = []
            for item in open {
                let contents = try await journal.contents(of: item.id)
                let configuration = try? JSONDecoder().decode(WorkoutSessionConfiguration.self, from: item.configuration)
                listings.append(Listing(id: item.id, activityType: item.activityType.name, createdAt: item.createdAt,
                                        lastReading: contents.lastTime, readings: contents.readingCount, origin: configuration?.origin))
            }
            if output.json {
                output.write(try JSONOutput.encode(listings))
            } else if listings.isEmpty {
                output.write("No unfinished recording sessions.")
            } else {
                output.write(TextTable.render(header: ["SESSION", "ACTIVITY", "STARTED", "LAST READING", "READINGS", "SOURCE"], rows: listings.map {
                    [$0.id.uuidString, $0.activityType, ISO8601.string($0.createdAt), $0.lastReading.map(ISO8601.string) ?? "–",
                     String($0.readings), $0.origin ?? "–"]
                }))
            }
            return
        }
        for item in open {
            let contents = try await journal.contents(of: item.id)
            let clock = ManualSessionClock(contents.lastTime ?? item.createdAt)
            let (session, _) = try await WorkoutSession.recover(item.id, journal: journal, clock: clock)
            if discard {
                try await session.discard()
                output.write("Discarded session \(item.id).")
            } else if case .idle = await session.state {
                try await session.discard()
                output.write("Session \(item.id) never started; closed without a workout.")
            } else {
                let recorded = try await session.finishAdvising()
                output.write(RecordingReport(recorded).text())
            }
        }
    }
}
