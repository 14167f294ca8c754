import Foundation
import Logging
import PaceModel
import PaceSensors

extension LiveRecorder {
    /// Takes one event from a source.
    func handle(_ event: SensorEvent) async {
        switch event {
        case .reading(var reading):
            // Location readings carry the receiver's time; every other stream is stamped by this machine.
            if reading.stream != .location { reading.time.addTimeInterval(timeOffset) }
            let now = clock.now().addingTimeInterval(timeOffset)
            guard abs(reading.time.timeIntervalSince(now)) <= Self.maximumClockSkew else {
                if reading.stream == .location {
                    await judgeTimeBase(reading, now: now)
                } else {
                    skipStale(reading, now: now)
                }
                return
            }
            await record(reading)
        case .skipped(let input):
            skip(input)
        case .disconnected(let stream, let reason):
            streamStatus[stream] = .disconnected(reason)
            carriedOver.remove(stream)
            logger.info("Stream disconnected", metadata: ["stream": "\(stream.rawValue)", "reason": "\(reason)"])
            publish(.disconnected(stream, reason: reason))
            await system(stream == .location ? .gpsLost : .sensorDisconnected(stream))
        case .reconnected(let stream):
            streamStatus[stream] = .waiting
            carriedOver.remove(stream)
            logger.info("Stream reconnected", metadata: ["stream": "\(stream.rawValue)"])
            publish(.reconnected(stream))
            await system(stream == .location ? .gpsRegained : .sensorReconnected(stream))
        }
    }

    /// Counts skipped input, and reports the first few of each reason.
    private func skip(_ input: SkippedInput) {
        let count = skippedInput[input.reason, default: 0] + 1
        skippedInput[input.reason] = count
        if count <= Self.skippedDetailsReported {
            logger.debug("Skipped input", metadata: ["reason": "\(input.reason)", "detail": "\(input.detail)"])
            publish(.skipped(input, count: count))
        }
    }

    /// Puts a live reading into the session.
    private func record(_ reading: SensorReading) async {
        streamStatus[reading.stream] = .live(reading.time)
        if case .battery(let battery) = reading.value { batteryLevel = battery }
        if carriedOver.remove(reading.stream) != nil {
            publish(.reconnected(reading.stream))
            await system(reading.stream == .location ? .gpsRegained : .sensorReconnected(reading.stream))
        }
        do {
            try await session.ingest(reading)
        } catch where error.code == .notRecording {
            return  // finishing, or ended: the sources are being stopped
        } catch {
            failure = failure ?? error
        }
    }

    /// Skips a reading stamped too far from the clock to be live.
    func skipStale(_ reading: SensorReading, now: Date) {
        skip(SkippedInput(reason: "live.clock",
            detail: "a \(reading.stream.rawValue) reading is stamped \(reading.time.formatted(.iso8601)), more than \(Int(Self.maximumClockSkew / 60)) minutes from this machine's clock (\(now.formatted(.iso8601))); a live source must deliver current data — check the receiver's date and the machine's clock"))
    }

    /// A location fix too far from the clock: held until it is clear whether the receiver is live
    /// on a machine whose clock is wrong (then the session takes its time from the GPS and the held
    /// fixes are recorded) or a recorded log (then they are skipped).
    private func judgeTimeBase(_ fix: SensorReading, now: Date) async {
        timeBase.backwardLimit = max(0, timeOffset)
        switch timeBase.observe(fix, arrivedAt: now) {
        case .held:
            streamStatus[.location] = .waiting
        case .rejected(let fixes):
            for stale in fixes { skipStale(stale, now: now) }
        case .adopt(let offset, let fixes):
            await system(.timeBase(offset: offset))
            let adopted = await session.timeOffset
            guard adopted != timeOffset else {
                for stale in fixes { skipStale(stale, now: now) }
                return
            }
            timeOffset = adopted
            logger.notice("Time taken from the GPS", metadata: ["offset": "\(adopted)"])
            publish(.timeBaseAdopted(offset: adopted))
            for fix in fixes { await record(fix) }
        }
    }

    /// Applies a command of the recorder's own (gaps, time base) while the session takes readings.
    private func system(_ command: SessionCommand) async {
        guard await session.state.acceptsReadings else { return }
        do {
            try await session.command(command)
        } catch {
            failure = failure ?? error
        }
    }
}
