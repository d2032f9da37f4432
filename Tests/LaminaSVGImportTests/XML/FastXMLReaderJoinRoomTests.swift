import Synchronization
import Testing

@testable import LaminaSVGImport

/// The pages of the first reader's tables that the second thread backs once it has read its
/// half (``FastXMLReader/joinRegions(rooms:secondCounts:firstShare:)``).
@Suite struct FastXMLReaderJoinRoomTests {
    static let page = 4096

    /// A table at a page-aligned address (never dereferenced: the regions are only arithmetic).
    static func room(_ k: Int, stride: Int, capacity: Int) -> FastXMLReader.TableRoom {
        FastXMLReader.TableRoom(address: (1 << 32) + k * (1 << 28), stride: stride, capacity: capacity)
    }

    /// With the first half as large as estimated, each region holds every whole page the join
    /// writes (after the first half's items) and the first reader's last half of its own, and
    /// stays inside the table's capacity.
    @Test func regionsCoverTheJoinAndTheFirstReadersRest() {
        let rooms = [Self.room(0, stride: 28, capacity: 200_000), Self.room(1, stride: 4, capacity: 900_000), Self.room(2, stride: 1, capacity: 20_000_000)]
        let second = [40_000, 300_000, 6_000_000]
        let share = 1.25
        let regions = FastXMLReader.joinRegions(rooms: rooms, secondCounts: second, firstShare: share)
        #expect(regions.count == 3)
        for (k, r) in regions.enumerated() {
            let room = rooms[k]
            let first = Int(Double(second[k]) * share)
            #expect(r.start % Self.page == 0 && r.length % Self.page == 0)
            #expect(r.start >= room.address && r.start + r.length <= room.address + room.capacity * room.stride)
            // The first reader's second half of its items, then the second half's after them.
            let from = room.address + first / 2 * room.stride, to = room.address + (first + second[k]) * room.stride
            #expect(r.start <= (from + Self.page - 1) / Self.page * Self.page)
            #expect(r.start + r.length >= to / Self.page * Self.page)
            // Not much past the estimated end: 2 % of the first half and a page.
            #expect(r.start + r.length <= to + first * room.stride / 50 + 2 * Self.page)
        }
    }

    /// A table the join appends nothing to (the arena, where the second reader wrote its values)
    /// is backed only to the first half's estimated end.
    @Test func aTableTheJoinDoesNotAppendToIsBackedForTheFirstHalfOnly() {
        var room = Self.room(0, stride: 1, capacity: 20_000_000)
        room.joinAppends = false
        let second = 6_000_000, share = 1.25
        let first = Int(Double(second) * share)
        let r = FastXMLReader.joinRegions(rooms: [room], secondCounts: [second], firstShare: share)
        #expect(r.count == 1)
        #expect(r[0].start <= (room.address + first / 2 + Self.page - 1) / Self.page * Self.page)
        #expect(r[0].start + r[0].length >= room.address + first / Self.page * Self.page)
        #expect(r[0].start + r[0].length <= room.address + first + first / 50 + 2 * Self.page)
    }

    /// A region ends at its table's capacity; a table without room, address or items to join
    /// gets none.
    @Test func regionsStayInsideTheTables() {
        let full = Self.room(0, stride: 8, capacity: 100_000)
        let r = FastXMLReader.joinRegions(rooms: [full], secondCounts: [90_000], firstShare: 1)
        #expect(r.count == 1 && r[0].start + r[0].length <= full.address + 100_000 * 8)
        let none = FastXMLReader.joinRegions(
            rooms: [Self.room(0, stride: 8, capacity: 0), FastXMLReader.TableRoom(address: 0, stride: 8, capacity: 1 << 20), Self.room(2, stride: 8, capacity: 1 << 20)],
            secondCounts: [1_000, 1_000, 0], firstShare: 1)
        #expect(none.isEmpty)
        // A first half estimated past the capacity leaves nothing to back in that table.
        #expect(FastXMLReader.joinRegions(rooms: [full], secondCounts: [90_000], firstShare: 3).isEmpty)
    }

    /// The tables of a reader, as the second thread sees them: the addresses and capacities the
    /// reader writes within, in the order of its join counts.
    @Test func aReadersTablesAreTheOnesItWrites() throws {
        let bytes = Array((FastXMLReaderTests.svgOpen + "><rect x=\"1\"/><g id=\"a\">t</g></svg>").utf8)
        try FastXMLReaderTests.withReader(bytes, arenaCapacity: bytes.count + 64) { reader, arena, text in
            let rooms = reader.tableRooms()
            #expect(rooms.count == 6)
            #expect(rooms[4] == FastXMLReader.TableRoom(address: Int(bitPattern: arena), stride: 1, capacity: bytes.count, joinAppends: false))
            #expect(rooms[5] == FastXMLReader.TableRoom(address: Int(bitPattern: text), stride: 1, capacity: bytes.count))
            try reader.document()
            // Nothing was regrown in so small a document: the tables are still where they were.
            #expect(reader.tableRooms() == rooms)
            #expect(rooms.allSatisfy { $0.address != 0 && $0.capacity > 0 })
            #expect(reader.builder.elements.count <= rooms[0].capacity && reader.nameIDs.count <= rooms[2].capacity)
        }
    }

    /// Backing in pieces changes no byte of the memory backed, and stops once the first reader
    /// waits (nothing is backed then, which only costs the join its faults).
    @Test func backingAheadChangesNothing() {
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        input.initialize(to: 0x3C)
        defer { input.deallocate() }
        let half = SecondHalf(base: input, count: 1)
        var table = [UInt32](unsafeUninitializedCapacity: 1 << 21) { buffer, count in
            for i in 0..<1000 { buffer[i] = UInt32(i) }
            count = 1000
        }
        let address = table.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        let regions = [Prefault.pages(from: address, length: (1 << 21) * 4)!]
        half.backAhead(regions)
        #expect(table == (0..<1000).map { UInt32($0) })
        half.firstWaits.store(true, ordering: .relaxed)
        half.backAhead(regions)
        table.append(contentsOf: (1000..<(1 << 21)).map { UInt32($0) })
        #expect(table[(1 << 21) - 1] == (1 << 21) - 1 && table.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } == address)
    }
}
