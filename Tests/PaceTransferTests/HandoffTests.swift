import Foundation
import PaceModel
import Testing
@testable import PaceTransfer

/// The queue between a streamed import's threads keeps order, holds at most its depth, ends after
/// the last element and lets both sides go when cancelled.
@Suite struct HandoffTests {
    @Test func elementsArriveInOrderAndTheEndAfterTheLast() {
        let handoff = Handoff<Int>(depth: 3)
        let received = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while let next = handoff.receive() { received.withLock { $0.append(next) } }
            #expect(handoff.receive() == nil, "the end stays the end")
            done.signal()
        }
        for value in 0..<1_000 { #expect(handoff.send(value)) }
        handoff.finish()
        done.wait()
        #expect(received.withLock { $0 } == Array(0..<1_000))
    }

    @Test func aFullQueueHoldsTheProducerUntilTheConsumerTakesOne() {
        let handoff = Handoff<Int>(depth: 2)
        #expect(handoff.send(1) && handoff.send(2))
        let third = Locked(false)
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = handoff.send(3)
            third.withLock { $0 = true }
            sent.signal()
        }
        #expect(sent.wait(timeout: .now() + 0.2) == .timedOut, "two wait already")
        #expect(!third.withLock { $0 })
        #expect(handoff.receive() == 1)
        sent.wait()
        #expect(handoff.receive() == 2 && handoff.receive() == 3)
    }

    @Test func cancellingLetsAWaitingProducerAndConsumerGo() {
        let full = Handoff<Int>(depth: 1)
        #expect(full.send(1))
        let refused = Locked<Bool?>(nil)
        let producerDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            refused.withLock { $0 = !full.send(2) }
            producerDone.signal()
        }
        full.cancel()
        producerDone.wait()
        #expect(refused.withLock { $0 } == true, "the producer's element is dropped")
        #expect(full.receive() == nil, "what waited is dropped")
        #expect(!full.send(3))

        let empty = Handoff<Int>(depth: 1)
        let consumerDone = DispatchSemaphore(value: 0)
        let got = Locked<Int?>(0)
        DispatchQueue.global().async {
            got.withLock { $0 = empty.receive() }
            consumerDone.signal()
        }
        empty.cancel()
        consumerDone.wait()
        #expect(got.withLock { $0 } == nil)
    }
}
