import Dispatch
import Testing

@testable import LaminaSVGImport

@Suite struct PrefaultTests {
    /// The region is the reserved capacity past the elements, page-aligned inward, and backing it
    /// leaves the elements as they are and the array usable.
    @Test func backsOnlyTheReservedTailAndChangesNothing() throws {
        var a: [UInt64] = Array(0..<1000)
        a.reserveCapacity(1 << 20)
        let region = try #require(Prefault.reservedTail(of: &a))
        let capacity = a.capacity
        let base = a.withUnsafeMutableBufferPointer { Int(bitPattern: $0.baseAddress) }
        #expect(region.start % 4096 == 0 && region.length % 4096 == 0)
        #expect(region.start >= base + 1000 * 8)
        #expect(region.start + region.length <= base + capacity * 8)
        #expect(region.length >= Prefault.minimumBytes - 2 * 4096)
        #expect(Prefault.back([region]))
        #expect(a == Array(0..<1000))
        a.append(contentsOf: 1000..<(1 << 20))
        #expect(a.count == 1 << 20 && a[1000] == 1000 && a[(1 << 20) - 1] == (1 << 20) - 1)
        #expect(a.withUnsafeMutableBufferPointer { Int(bitPattern: $0.baseAddress) } == base)
    }

    /// A limit keeps the rest of the reservation untouched.
    @Test func theTailStopsAtTheLimit() throws {
        var a: [UInt64] = []
        a.reserveCapacity(1 << 20)
        let base = a.withUnsafeMutableBufferPointer { Int(bitPattern: $0.baseAddress) }
        let region = try #require(Prefault.reservedTail(of: &a, upTo: 1 << 18))
        #expect(region.start + region.length <= base + (1 << 18) * 8)
        #expect(Prefault.reservedTail(of: &a, upTo: 1000) == nil)
    }

    @Test func smallTailsAreLeftToFaultIn() {
        var small: [UInt8] = Array(repeating: 1, count: 10)
        small.reserveCapacity(4096)
        #expect(Prefault.reservedTail(of: &small) == nil)
        // Two MB of elements but no room past them.
        var full = [UInt64](repeating: 0, count: 1 << 18)
        #expect(Prefault.reservedTail(of: &full) == nil)
    }

    /// `populate`'s own thread backs the tail and leaves the elements and the array as they are.
    @Test func backsOnItsOwnThread() throws {
        var a: [UInt64] = Array(0..<1000)
        a.reserveCapacity(1 << 20)
        let region = try #require(Prefault.reservedTail(of: &a))
        let base = a.withUnsafeMutableBufferPointer { Int(bitPattern: $0.baseAddress) }
        let finished = DispatchSemaphore(value: 0)
        #expect(Prefault.backOnOwnThread([region]) { finished.signal() })
        finished.wait()
        #expect(a == Array(0..<1000))
        a.append(contentsOf: 1000..<(1 << 20))
        #expect(a.count == 1 << 20 && a[1000] == 1000 && a[(1 << 20) - 1] == (1 << 20) - 1)
        #expect(a.withUnsafeMutableBufferPointer { Int(bitPattern: $0.baseAddress) } == base)
    }

    /// A large region reaches the kernel in pieces of at most `pieceBytes`, in order, covering
    /// it exactly: one call over all of it held the address-space lock against every other
    /// thread's `mmap` and `mprotect` until it was done.
    @Test(arguments: [0, 1, 4096, Prefault.pieceBytes, Prefault.pieceBytes + 4096, 5 * Prefault.pieceBytes / 2, 280 << 20])
    func largeRegionsAreBackedInPieces(length: Int) {
        let start = 1 << 30
        let pieces = Prefault.pieces(of: (start, length))
        #expect(pieces.count == (length + Prefault.pieceBytes - 1) / Prefault.pieceBytes)
        #expect(pieces.allSatisfy { $0.length > 0 && $0.length <= Prefault.pieceBytes })
        var at = start
        for piece in pieces {
            #expect(piece.start == at)
            at += piece.length
        }
        #expect(at == start + length)
    }
}
