import Foundation
import Testing
@testable import PaceServer

/// The live bell wakes a session's streams and forgets a session once it ends.
@Suite struct LiveBellTests {
    static func key() -> LiveBell.Key { LiveBell.Key(account: UUID(), session: UUID()) }

    @Test func anEndedSessionIsForgottenWhateverHowManyEnded() async {
        let bell = LiveBell()
        var keys: [LiveBell.Key] = []
        for _ in 0..<100 {
            let key = Self.key()
            keys.append(key)
            await bell.ring(key)
            await bell.ring(key)
        }
        #expect(await bell.sessionCount == 100)
        for key in keys.dropLast() { await bell.ring(key, ended: true) }
        #expect(await bell.sessionCount == 1, "only the session in progress is kept")
    }

    @Test func aGenerationIsNeverGivenTwiceSoAStreamHoldingAnOldOneSeesTheEnd() async {
        let bell = LiveBell()
        let key = Self.key(), other = Self.key()
        let initial = await bell.generation(key)
        await bell.ring(key)
        let running = await bell.generation(key)
        #expect(running != initial)
        await bell.ring(key, ended: true)
        let ended = await bell.generation(key)
        #expect(ended != running && ended != initial, "after its end the session reads as a generation no stream holds")
        // A stream that noted the running generation returns at once instead of waiting out its keep-alive.
        #expect(await bell.wait(key, after: running, timeout: .seconds(120)))
        // Another session's end does not touch a session in progress.
        await bell.ring(other)
        let otherRunning = await bell.generation(other)
        await bell.ring(Self.key(), ended: true)
        #expect(await bell.generation(other) == otherRunning)
    }

    @Test func theEndingRingWakesAStreamAlreadyWaiting() async {
        let bell = LiveBell()
        let key = Self.key()
        await bell.ring(key)
        let noted = await bell.generation(key)
        let waiting = Task { await bell.wait(key, after: noted, timeout: .seconds(120)) }
        // Whether the waiter registered before the ring or after it, it returns true: woken, or finding the generation moved.
        await bell.ring(key, ended: true)
        #expect(await waiting.value, "woken by the end, not by its two-minute time-out")
        #expect(await bell.sessionCount == 0)
    }
}
