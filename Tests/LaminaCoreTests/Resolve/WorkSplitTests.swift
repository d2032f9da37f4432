import LaminaCore
import Testing

/// Thread counts and the ordered parallel map.
@Suite struct WorkSplitTests {
    @Test(arguments: [1, 2, 3, 8])
    func mapKeepsIndexOrder(threads: Int) {
        let out = ParallelWork.map(37, threads: threads) { i in [i, i * i] }
        #expect(out == (0..<37).map { [$0, $0 * $0] })
        #expect(ParallelWork.map(0, threads: threads) { $0 }.isEmpty)
    }

    @Test func smallInputsStaySequentialAndBatchesShareThreads() {
        var s = WorkSplit(threads: 4)
        #expect(s.threads(forItems: 10) == 1)
        #expect(s.threads(forItems: s.sequentialBelow) == 4)
        s.chunkItems = 100
        s.chunksPerThread = 3
        #expect(s.roundItems(threads: 2) == 600)
        #expect(WorkSplit(threads: 0).threads == 1)
        #expect(WorkSplit.sharing(jobs: WorkSplit.processorCount * 2).threads == 1)
        #expect(WorkSplit.sharing(jobs: 1).threads == WorkSplit.processorCount)
        #expect(WorkSplit.sequential.threads == 1)
    }
}
