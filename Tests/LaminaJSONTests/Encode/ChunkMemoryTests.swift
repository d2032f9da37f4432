import Testing

@testable import LaminaJSON

/// The layer rounds' chunk buffers are reused: a writer given a ``ChunkMemory`` writes the same
/// bytes as one without, in memory its earlier chunks gave back once their bytes were dropped.
@Suite struct ChunkMemoryTests {
    /// Bytes written through a memory shared by writers one after the other are each writer's
    /// own, and a later writer takes the buffers an earlier one's bytes gave back (the same
    /// addresses), not new ones.
    @Test func laterChunksWriteInTheMemoryOfEarlierOnes() {
        let reference = JSONWriterGrowingTests.handedOut()
        let memory = ChunkMemory()
        var firstBuffers: Set<UInt> = []
        for round in 0..<4 {
            var w = JSONWriter(growing: 1 << 17, memory: memory)
            JSONWriterGrowingTests.write(&w)
            let taken = w.takeBytes()
            #expect(taken.withSlice(0..<taken.count) { Array($0) } == reference)
            let addresses = Set(taken.segments.map { UInt(bitPattern: $0.base) })
            if round == 0 {
                firstBuffers = addresses
            } else {
                #expect(addresses == firstBuffers, "round \(round)")
            }
        }
    }

    /// A buffer is taken only when it is big enough; small ones and ones past the limit are
    /// freed, not kept.
    @Test func takesOnlyWhatFits() {
        let memory = ChunkMemory()
        let (a, ca) = ChunkMemory.take(1 << 16, from: memory)
        let (b, cb) = ChunkMemory.take(1 << 18, from: memory)
        #expect(ca == 1 << 16 && cb == 1 << 18)
        ChunkMemory.give(a, capacity: ca, to: memory)
        ChunkMemory.give(b, capacity: cb, to: memory)
        // The larger request takes the larger buffer, the smaller one the other.
        let (c, cc) = ChunkMemory.take(1 << 17, from: memory)
        #expect(c == b && cc == 1 << 18)
        let (d, cd) = ChunkMemory.take(1 << 16, from: memory)
        #expect(d == a && cd == 1 << 16)
        // Nothing kept now: a new buffer of what was asked.
        let (e, ce) = ChunkMemory.take(1 << 16, from: memory)
        #expect(e != a && e != b && ce == 1 << 16)
        for (p, n) in [(c, cc), (d, cd), (e, ce)] { ChunkMemory.give(p, capacity: n, to: memory) }
        // A small buffer is freed, never handed out again by the memory.
        let (small, cs) = ChunkMemory.take(100, from: memory)
        #expect(cs == 100)
        ChunkMemory.give(small, capacity: cs, to: memory)
        // Past the limit buffers are freed: as many as the limit come back, then new ones.
        var many: [(UnsafeMutablePointer<UInt8>, Int)] = []
        for _ in 0..<(ChunkMemory.limit + 3) { many.append(ChunkMemory.take(1 << 16, from: memory)) }
        let taken = Set(many.map { UInt(bitPattern: $0.0) })
        #expect(memory.keptCount == 0)
        for (p, n) in many { ChunkMemory.give(p, capacity: n, to: memory) }
        #expect(memory.keptCount == ChunkMemory.limit)
        // The kept ones are those given back.
        var again: [(UnsafeMutablePointer<UInt8>, Int)] = []
        for _ in 0..<ChunkMemory.limit { again.append(ChunkMemory.take(1 << 16, from: memory)) }
        #expect(Set(again.map { UInt(bitPattern: $0.0) }).isSubset(of: taken))
        #expect(memory.keptCount == 0)
        for (p, n) in again { ChunkMemory.give(p, capacity: n, to: memory) }
    }
}
