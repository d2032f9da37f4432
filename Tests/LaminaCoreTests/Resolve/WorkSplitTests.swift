#if canImport(Glibc)
import Glibc
#endif
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

    /// cgroup v2 `cpu.max` texts and the processors they allow (nil: no limit, or unreadable).
    @Test(arguments: [
        ("max 100000\n", nil), ("200000 100000\n", 2), ("150000 100000", 2), ("50000 100000\n", 1),
        ("100000 100000\n", 1), ("", nil), ("garbage", nil), ("0 100000", nil), ("100000 0", nil),
    ] as [(String, Int?)])
    func cgroupV2Quota(text: String, processors: Int?) {
        #expect(Processors.quota(cpuMax: text) == processors)
    }

    /// cgroup v1 quota and period files and the processors they allow.
    @Test(arguments: [
        ("-1\n", "100000\n", nil), ("400000\n", "100000\n", 4), ("250000", "100000", 3), ("x", "100000", nil),
    ] as [(String, String, Int?)])
    func cgroupV1Quota(quota: String, period: String, processors: Int?) {
        #expect(Processors.quota(cfsQuota: quota, cfsPeriod: period) == processors)
    }

    @Test func availableProcessorsAreOnlineProcessorsAtMost() {
        let online = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #expect(Processors.available() >= 1)
        #expect(Processors.available() <= max(1, online))
        #expect(WorkSplit.processorCount == Processors.available())
    }
}
