import Foundation
import LaminaTestSupport
import Synchronization
import Testing

@testable import LaminaCore

/// Pieces made on several threads are delivered once each, in order, one delivery at a time,
/// with never more than the window made and not delivered, whatever each piece takes.
@Suite struct OrderedChunksTests {
    /// What the deliveries saw: the order, overlapping deliveries, and the most pieces made and
    /// not yet delivered at once.
    final class Record: @unchecked Sendable {
        struct State {
            var delivered: [Int] = []
            var values: [String] = []
            var inDelivery = 0
            var overlapped = false
            var outstanding = 0
            var mostOutstanding = 0
        }
        let state = Mutex(State())
    }

    static func run(count: Int, threads: Int, window: Int, seed: UInt64) -> Record.State {
        let record = Record()
        // Each piece takes a random time (0–400 µs), so pieces finish out of order.
        var random = SplitMix64(state: seed)
        let delays = (0..<count).map { _ in UInt32(random.next() % 400) }
        OrderedChunks.run(count, threads: threads, window: window) { k -> String in
            record.state.withLock { s in
                s.outstanding += 1
                s.mostOutstanding = max(s.mostOutstanding, s.outstanding)
            }
            usleep(delays[k])
            return "piece \(k)"
        } deliver: { k, value in
            record.state.withLock { s in
                s.inDelivery += 1
                if s.inDelivery > 1 { s.overlapped = true }
            }
            // A slow delivery: the other threads go on making pieces meanwhile (up to the window).
            if k % 5 == 0 { usleep(300) }
            record.state.withLock { s in
                s.delivered.append(k)
                s.values.append(value)
                s.inDelivery -= 1
                s.outstanding -= 1
            }
        }
        return record.state.withLock { $0 }
    }

    @Test(arguments: [1, 2, 3, 4], [1, 2, 3, 8])
    func deliversEveryPieceOnceInOrder(threads: Int, window: Int) {
        for (count, seed) in [(0, 1), (1, 2), (2, 3), (7, 4), (40, 5), (129, 6)] as [(Int, UInt64)] {
            let s = Self.run(count: count, threads: threads, window: window, seed: seed)
            #expect(s.delivered == Array(0..<count))
            #expect(s.values == (0..<count).map { "piece \($0)" })
            #expect(!s.overlapped)
            // At least one piece a thread may be made ahead, whatever the window asked.
            #expect(s.mostOutstanding <= max(window, min(threads, max(1, count))))
            #expect(s.outstanding == 0)
        }
    }

    @Test func piecesAreMadeAheadOfASlowOneUpToTheWindow() {
        // Two threads, a window of 8: while piece 0 sleeps the other thread makes the pieces
        // after it, up to the window, and all are delivered in order once piece 0 is made.
        // (Dispatch may run both threads' loops one after the other when its threads are busy,
        // as in a parallel test run: then nothing is made ahead, which the window allows.)
        let record = Record()
        OrderedChunks.run(20, threads: 2, window: 8) { k -> Int in
            if k == 0 { usleep(100_000) }
            record.state.withLock { s in
                s.outstanding += 1
                s.mostOutstanding = max(s.mostOutstanding, s.outstanding)
            }
            return k * k
        } deliver: { k, value in
            record.state.withLock { s in
                s.delivered.append(k)
                s.values.append(String(value))
                s.outstanding -= 1
            }
        }
        let s = record.state.withLock { $0 }
        #expect(s.delivered == Array(0..<20))
        #expect(s.values == (0..<20).map { String($0 * $0) })
        #expect(s.mostOutstanding >= 1 && s.mostOutstanding <= 8)
    }
}
