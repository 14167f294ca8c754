import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `pace record` run as a service would be: the built binary as a child process, with a fake IIO
/// barometer and a fake battery as its only sensors (no hardware needed), sent SIGHUP (recording
/// continues) and SIGTERM (stops as `--on-term` says), then the store is checked.
@Suite("Live recording as a service", .serialized)
struct LiveServiceTests {
    /// A running `pace record` whose standard output (`ack N` lines) and error are collected.
    final class Child: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var highest: Int64 = 0
        private var errorText = ""
        private let drained = DispatchGroup()

        init(_ runner: CommandRunner, _ arguments: [String]) throws {
            process.executableURL = runner.executable
            process.arguments = arguments
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            drained.enter()
            Thread { [self] in
                var pending = ""
                while true {
                    let data = output.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    pending += String(decoding: data, as: UTF8.self)
                    while let newline = pending.firstIndex(of: "\n") {
                        let line = pending[..<newline]
                        if line.hasPrefix("ack "), let value = Int64(line.dropFirst(4)) { lock.withLock { highest = max(highest, value) } }
                        pending = String(pending[pending.index(after: newline)...])
                    }
                }
                drained.leave()
            }.start()
            drained.enter()
            Thread { [self] in
                while true {
                    let data = error.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    lock.withLock { errorText += String(decoding: data, as: UTF8.self) }
                }
                drained.leave()
            }.start()
        }

        var acknowledged: Int64 { lock.withLock { highest } }
        var standardError: String { lock.withLock { errorText } }

        /// Waits until more than `sequence` is acknowledged; `false` after `timeout` seconds.
        func waitForAcknowledgement(above sequence: Int64, timeout: Double = 15) -> Bool {
            let deadline = Date().addingTimeInterval(TestTime.seconds(timeout))
            while Date() < deadline {
                if acknowledged > sequence { return true }
                if !process.isRunning { return false }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }

        /// Sends a signal.
        func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

        /// Waits for the exit; `nil` when it does not come within `timeout` seconds (then kills it).
        func waitForExit(timeout: Double = 10) -> Int32? {
            let deadline = Date().addingTimeInterval(TestTime.seconds(timeout))
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                drained.wait()
                return nil
            }
            process.waitUntilExit()
            drained.wait()
            return process.terminationStatus
        }
    }

    /// What the run observed, checked afterwards in the test's task.
    struct Observations: Sendable {
        var runningAfterHangUp = false
        var acknowledgedAfterHangUp = false
        var firstStatus: Int32?
        var firstError = ""
        var openAfterLeave: [UUID] = []
        var readingsAfterLeave = 0
        var pressureReadings = 0
        var batteryLevels: [Double] = []
        var secondStatus: Int32?
        var secondError = ""
        var sessions: [JournalSession] = []
        var workouts: [Workout] = []
    }

    static func makeTree(_ directory: TemporaryDirectory) throws -> (iio: String, power: String) {
        let iio = directory.url.appendingPathComponent("iio")
        let power = directory.url.appendingPathComponent("power_supply")
        let files: [(URL, String, String)] = [
            (iio.appendingPathComponent("iio:device0"), "name", "bmp280"),
            (iio.appendingPathComponent("iio:device0"), "in_pressure_raw", "25330"),
            (iio.appendingPathComponent("iio:device0"), "in_pressure_scale", "0.004"),
            (power.appendingPathComponent("BAT0"), "type", "Battery"),
            (power.appendingPathComponent("BAT0"), "capacity", "64"),
            (power.appendingPathComponent("BAT0"), "status", "Discharging"),
        ]
        for (folder, name, value) in files {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data((value + "\n").utf8).write(to: folder.appendingPathComponent(name))
        }
        return (iio.path, power.path)
    }

    static func observe() throws -> Observations {
        var seen = Observations()
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (iio, power) = try makeTree(directory)
        let store = directory.path("health.sqlite")
        let arguments = ["record", "--baro", "iio:0", "--battery", "auto", "--iio-root", iio, "--power-supply-root", power,
                         "--store", store, "--print-acknowledgements"]

        let first = try Child(runner, arguments + ["--on-term", "leave"])
        if first.waitForAcknowledgement(above: 0) {
            first.send(SIGHUP)
            let before = first.acknowledged
            seen.acknowledgedAfterHangUp = first.waitForAcknowledgement(above: before)
            seen.runningAfterHangUp = first.process.isRunning
        }
        first.send(SIGTERM)
        seen.firstStatus = first.waitForExit()
        seen.firstError = first.standardError
        let journal = RecordingJournal(store: try HealthStore(path: store))
        seen.openAfterLeave = try ThreadBridge.wait { () async throws(StoreError) in try await journal.sessions(openOnly: true) }.map(\.id)
        if let id = seen.openAfterLeave.first {
            let contents = try ThreadBridge.wait { () async throws(StoreError) in try await journal.contents(of: id) }
            seen.readingsAfterLeave = contents.readingCount
            for (_, entry) in contents.entries {
                guard case .reading(let reading) = entry else { continue }
                if case .pressure(let pascals) = reading.value, abs(pascals - 101_320) < 0.01 { seen.pressureReadings += 1 }
                if case .battery(let battery) = reading.value { seen.batteryLevels.append(battery.level) }
            }
        }

        let second = try Child(runner, arguments)
        _ = second.waitForAcknowledgement(above: 0)
        second.send(SIGTERM)
        seen.secondStatus = second.waitForExit()
        seen.secondError = second.standardError
        seen.sessions = try ThreadBridge.wait { () async throws(StoreError) in try await journal.sessions() }
        let reopened = journal.store
        seen.workouts = try ThreadBridge.wait { () async throws(StoreError) in try await reopened.workouts() }
        return seen
    }

    @Test("SIGHUP keeps recording; SIGTERM with --on-term leave leaves the session open; the same command resumes it and SIGTERM finishes and saves")
    func hangUpAndTerminate() async throws {
        // Child processes are waited for with sleeps: on a thread of its own, not the test pool's.
        let seen = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Observations, any Error>) in
            Thread { continuation.resume(with: Result { try Self.observe() }) }.start()
        }
        #expect(seen.runningAfterHangUp, "SIGHUP must not end the recording: \(seen.firstError)")
        #expect(seen.acknowledgedAfterHangUp, "readings keep being journaled after SIGHUP")
        #expect(seen.firstError.contains("SIGHUP: the terminal went away"), "\(seen.firstError)")
        #expect(seen.firstStatus == 0, "SIGTERM stops cleanly: \(seen.firstError)")
        #expect(seen.firstError.contains("SIGTERM: stopping the recording (leave the session open)"), "\(seen.firstError)")
        #expect(seen.openAfterLeave.count == 1, "--on-term leave keeps the session open")
        #expect(seen.pressureReadings > 0, "(25330 × 0.004) kPa = 101 320 Pa journaled")
        #expect(seen.pressureReadings == seen.readingsAfterLeave - seen.batteryLevels.count, "only pressure and battery readings")
        #expect(seen.batteryLevels.first == 0.64)

        #expect(seen.secondStatus == 0, "\(seen.secondError)")
        #expect(seen.secondError.contains("Resuming interrupted session \(seen.openAfterLeave.first?.uuidString ?? "?")"), "\(seen.secondError)")
        #expect(seen.sessions.map(\.status) == [.saved], "one session, resumed and saved: \(seen.sessions.map(\.status))")
        #expect(seen.workouts.count == 1)
        #expect(seen.sessions.first?.workoutID == seen.workouts.first?.id)
    }

    /// The pids whose parent is `parent`, from /proc.
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == parent ? pid : nil
        }
    }

    /// The process below `ancestor` (a child, or a child's child) running `executable`: script(1)
    /// starts its command through `$SHELL -c`, and a shell that does not exec its last command
    /// (dash, when `SHELL` is unset) leaves pace a grandchild, with the shell its parent.
    static func descendant(of ancestor: Int32, running executable: URL) -> Int32? {
        let target = executable.resolvingSymlinksInPath().path
        var frontier = [ancestor]
        while let parent = frontier.popLast() {
            for child in children(of: parent) {
                let image = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child)/exe")
                if image == target { return child }
                frontier.append(child)
            }
        }
        return nil
    }

    /// Whether a process exists and is not a zombie.
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    struct TerminalObservations: Sendable {
        var scriptFound = true
        var childFound = false
        var aliveAfterHangUp = false
        var hangUp = Date()
        var stopped = false
        var workouts: [Workout] = []
        var sessions: [JournalSession.Status] = []
    }

    static func observeTerminal() throws -> TerminalObservations {
        var seen = TerminalObservations()
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else {
            seen.scriptFound = false
            return seen
        }
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (iio, power) = try makeTree(directory)
        let store = directory.path("health.sqlite")
        let command = [runner.executable.path, "record", "--baro", "iio:0", "--battery", "auto", "--iio-root", iio,
                       "--power-supply-root", power, "--store", store].map { "'\($0)'" }.joined(separator: " ")
        // script(1) runs pace on a pseudo-terminal: pace draws its dashboard and takes keys. It is
        // spawned and reaped directly (posix_spawn, waitpid) so that killing it is observed at once.
        let arguments = [script, "-q", "-f", "-c", command, "/dev/null"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // script copies what pace writes to its terminal to its own standard output: a file here,
        // read to know when the recording has started.
        let screen = directory.path("screen.txt")
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, screen, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var scriptPID: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&scriptPID, script, &actions, nil, argv, environ) == 0 else {
            seen.scriptFound = false
            return seen
        }
        var pace: Int32?
        let deadline = Date().addingTimeInterval(10)
        while pace == nil, Date() < deadline {
            pace = descendant(of: scriptPID, running: runner.executable)
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let pace else {
            kill(scriptPID, SIGKILL)
            var status: Int32 = 0
            waitpid(scriptPID, &status, 0)
            return seen
        }
        seen.childFound = true
        // Hang up only once the recording runs (start-up can take seconds on a loaded machine).
        let startDeadline = Date().addingTimeInterval(60)
        while Date() < startDeadline {
            let text = (try? String(contentsOfFile: screen, encoding: .utf8)) ?? ""
            if text.contains("Recording session") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 1.5)
        // Killing script closes the terminal's master side: the kernel hangs pace's terminal up (SIGHUP),
        // and every later write to it fails with EIO.
        seen.hangUp = Date()
        kill(scriptPID, SIGKILL)
        var status: Int32 = 0
        waitpid(scriptPID, &status, 0)
        Thread.sleep(forTimeInterval: 2)
        seen.aliveAfterHangUp = isAlive(pace)
        kill(pace, SIGTERM)
        let stopDeadline = Date().addingTimeInterval(10)
        while isAlive(pace), Date() < stopDeadline { Thread.sleep(forTimeInterval: 0.05) }
        seen.stopped = !isAlive(pace)
        if !seen.stopped { kill(pace, SIGKILL) }
        let journal = RecordingJournal(store: try HealthStore(path: store))
        seen.sessions = try ThreadBridge.wait { () async throws(StoreError) in try await journal.sessions() }.map(\.status)
        let reopened = journal.store
        seen.workouts = try ThreadBridge.wait { () async throws(StoreError) in try await reopened.workouts() }
        return seen
    }

    @Test("on a real terminal (a pty from script(1)), closing the terminal keeps recording; SIGTERM then saves the workout")
    func terminalHangUp() async throws {
        let seen = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<TerminalObservations, any Error>) in
            Thread { continuation.resume(with: Result { try Self.observeTerminal() }) }.start()
        }
        try #require(seen.scriptFound, "script(1) is missing: install util-linux's script (Debian package bsdutils) to run this test")
        try #require(seen.childFound, "pace did not start under script(1)")
        #expect(seen.aliveAfterHangUp, "pace must survive its terminal hanging up")
        #expect(seen.stopped, "SIGTERM stops it")
        #expect(seen.sessions == [.saved])
        let workout = try #require(seen.workouts.first)
        #expect(workout.endDate.timeIntervalSince(seen.hangUp) > 1.5, "it kept recording after the hang-up, until SIGTERM")
    }
}
