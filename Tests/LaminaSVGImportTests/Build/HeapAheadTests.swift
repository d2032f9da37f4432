import Testing

@testable import LaminaSVGImport

@Suite struct HeapAheadTests {
    private let page = 4096
    private let window = HeapAhead.window
    /// An address 8 MB into a heap, not on a page boundary.
    private let base = 0x7f00_0000_0000 + (8 << 20) + 24

    /// The first allocation seen starts a region at its next page, a window long.
    @Test func theFirstLookBacksAWindowPastTheAllocation() throws {
        var ahead = HeapAhead(enabled: true)
        let regionAsked = ahead.advance(to: base)
        let region = try #require(regionAsked)
        #expect(region.start == (base + page - 1) / page * page)
        #expect(region.start + region.length == (base + window) / page * page)
        #expect(ahead.start == base && ahead.frontier == region.start + region.length)
    }

    /// Inside the first half of the region nothing is asked; past it, the region continues from
    /// its end (no page is asked for twice) to a window past the allocation.
    @Test func theRegionGrowsFromItsEndOnceHalfIsUsed() throws {
        var ahead = HeapAhead(enabled: true)
        let firstAsked = ahead.advance(to: base)
        let first = try #require(firstAsked)
        let asked1 = ahead.advance(to: base + 1000)
        #expect(asked1 == nil)
        let asked2 = ahead.advance(to: first.start + first.length - window / 2 - page)
        #expect(asked2 == nil)
        let later = first.start + first.length - window / 4
        let nextAsked = ahead.advance(to: later)
        let next = try #require(nextAsked)
        #expect(next.start == first.start + first.length)
        #expect(next.start + next.length == (later + window) / page * page)
        #expect(ahead.start == base)
    }

    /// An allocation outside the region (the allocator reusing freed memory, or a new heap)
    /// starts a new region there.
    @Test func anAllocationElsewhereStartsANewRegion() throws {
        var ahead = HeapAhead(enabled: true)
        let first = ahead.advance(to: base)
        #expect(first != nil)
        let elsewhere = base - (5 << 20)
        let regionAsked = ahead.advance(to: elsewhere)
        let region = try #require(regionAsked)
        #expect(region.start == (elsewhere + page - 1) / page * page)
        #expect(region.length >= window - page)
        #expect(ahead.start == elsewhere)
    }

    /// A window stops at the 64 MB boundary where a thread arena's heap ends; at the boundary
    /// itself there is nothing to back.
    @Test func aWindowStopsAtTheHeapBoundary() throws {
        var ahead = HeapAhead(enabled: true)
        let boundary = 0x7f00_0000_0000 + HeapAhead.heapAlignment
        let near = boundary - window / 4
        let regionAsked = ahead.advance(to: near)
        let region = try #require(regionAsked)
        #expect(region.start + region.length == boundary)
        var last = HeapAhead(enabled: true)
        let asked3 = last.advance(to: boundary - 16)
        #expect(asked3 == nil)
    }

    /// Disabled (a small document, or one thread), it looks at nothing.
    @Test func disabledItRequestsNothing() {
        var ahead = HeapAhead(enabled: false)
        var byte: UInt8 = 0
        withUnsafePointer(to: &byte) { p in
            for _ in 0..<(2 * HeapAhead.interval) { ahead.note(UnsafeRawPointer(p)) }
        }
        #expect(ahead.frontier == 0 && ahead.start == 0)
    }

    /// Enabled, it looks once per interval: a region is requested at the first look, after
    /// which a run of allocations in its first half asks for nothing more.
    @Test func enabledItRequestsOnceAtTheFirstLook() {
        var ahead = HeapAhead(enabled: true)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { buffer.deallocate() }
        ahead.note(UnsafeRawPointer(buffer))
        let frontier = ahead.frontier
        #expect(frontier > Int(bitPattern: buffer))
        for _ in 0..<(3 * HeapAhead.interval) { ahead.note(UnsafeRawPointer(buffer)) }
        #expect(ahead.frontier == frontier)
    }
}
