import LaminaCore

extension OverlayLabels {
    /// The boxes of the labels shown so far (and the legend's), found by the cells of a grid
    /// they cover, so that a new label can tell whether it would cover one.
    ///
    /// Cells are ``cellLines`` font sizes wide and a line high; a label covers two rows and
    /// a few columns of them (its box is clipped to the canvas first, so a long path covers
    /// at most a row of the canvas). Each cell used has a list of the boxes that cover it,
    /// found by open addressing on the cell; shown labels do not overlap, so a list is short,
    /// and a look-up reads a bounded number of entries whatever the number of labels.
    struct Placed {
        /// A cell's width, in font sizes: about a label's width ("rect12 #345" is 6.6).
        static let cellLines = 10.0
        /// The largest number of columns a box is looked up in (a box wider than that many
        /// cells is compared by its first ones only).
        static let maxColumns = 4096

        /// The cells used, by slot: `x` in the high 32 bits, `y` in the low ones.
        private var keys: [UInt64]
        /// Each slot's first entry, or -1 for an empty slot.
        private var heads: [Int32]
        private var cellsUsed = 0
        private var mask: Int
        /// 64 less the bits of a slot number: a slot is the top bits of the key's product.
        private var shift: UInt64
        /// Entries: a box and the next entry of the same cell (-1 at the end).
        private var entryBoxes: [Rect] = []
        private var next: [Int32] = []
        private let cell: Size
        private let slack: Double

        /// Room for about `capacity` labels to start with (it grows as needed: on a crowded
        /// canvas few labels are shown).
        init(capacity: Int, cell: Size) {
            var size = 64
            while size < 4 * min(capacity, 256) { size <<= 1 }
            keys = [UInt64](repeating: 0, count: size)
            heads = [Int32](repeating: -1, count: size)
            mask = size - 1
            shift = UInt64(64 - size.trailingZeroBitCount)
            self.cell = cell
            slack = cell.height * 1e-6
        }

        /// The cells `r` covers, or nil when they cannot be counted (not finite, too far out).
        @inline(__always)
        private func cells(_ r: Rect) -> (x0: Int32, x1: Int32, y0: Int32, y1: Int32)? {
            let x0 = (r.minX / cell.width).rounded(.down), x1 = (r.maxX / cell.width).rounded(.down)
            let y0 = (r.minY / cell.height).rounded(.down), y1 = (r.maxY / cell.height).rounded(.down)
            let limit = Double(Int32.max) - Double(Self.maxColumns)
            guard abs(x0) < limit, abs(x1) < limit, abs(y0) < limit, abs(y1) < limit else { return nil }
            let cx0 = Int32(x0), cy0 = Int32(y0)
            return (cx0, min(Int32(x1), cx0 + Int32(Self.maxColumns) - 1), cy0, max(cy0, Int32(y1)))
        }

        @inline(__always)
        private static func key(_ x: Int32, _ y: Int32) -> UInt64 {
            UInt64(UInt32(bitPattern: x)) << 32 | UInt64(UInt32(bitPattern: y))
        }

        /// The lowest bottom edge (or, `below` false, the highest top edge) of the boxes placed
        /// so far that share an area with `r`, or nil when none does.
        func edgeOfBoxes(meeting r: Rect, below: Bool = true) -> Double? {
            guard let c = cells(r) else { return nil }
            var edge: Double?
            keys.withUnsafeBufferPointer { keys in
                heads.withUnsafeBufferPointer { heads in
                    entryBoxes.withUnsafeBufferPointer { boxes in
                        next.withUnsafeBufferPointer { next in
                            for y in c.y0...c.y1 {
                                for x in c.x0...c.x1 {
                                    let k = Self.key(x, y)
                                    var i = slot(k)
                                    while heads[i] >= 0, keys[i] != k { i = (i + 1) & mask }
                                    var e = Int(heads[i])
                                    while e >= 0 {
                                        let b = boxes[e]
                                        if overlaps(b, r) { edge = below ? max(edge ?? b.maxY, b.maxY) : min(edge ?? b.minY, b.minY) }
                                        e = Int(next[e])
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return edge
        }

        /// `r` moved down (or up) to just past the boxes it meets, at most
        /// ``OverlayLabels/maxShift`` times and with its top edge not past `limit`; nil when it
        /// finds no free place so.
        func move(_ r: Rect, down: Bool, limit: Double) -> Rect? {
            var r = r
            let slack = r.height * 1e-9
            for _ in 0..<OverlayLabels.maxShift {
                guard let edge = edgeOfBoxes(meeting: r, below: down) else { return r }
                let top = down ? edge : edge - r.height
                guard down ? top <= limit + slack : top >= limit - slack else { return nil }
                r.origin.y = top
            }
            return edgeOfBoxes(meeting: r, below: down) == nil ? r : nil
        }

        /// Adds `r`.
        mutating func insert(_ r: Rect) {
            guard let c = cells(r), entryBoxes.count < Int(Int32.max) - Self.maxColumns * 2 else { return }
            let count = (Int(c.x1) - Int(c.x0) + 1) * (Int(c.y1) - Int(c.y0) + 1)
            if 2 * (cellsUsed + count) > keys.count { grow(to: cellsUsed + count) }
            for y in c.y0...c.y1 {
                for x in c.x0...c.x1 {
                    let k = Self.key(x, y)
                    var i = slot(k)
                    while heads[i] >= 0, keys[i] != k { i = (i + 1) & mask }
                    if heads[i] < 0 {
                        keys[i] = k
                        cellsUsed += 1
                    }
                    next.append(heads[i])
                    heads[i] = Int32(entryBoxes.count)
                    entryBoxes.append(r)
                }
            }
        }

        /// Whether two boxes share an area larger than rounding (a line under a line does not).
        @inline(__always)
        private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
            a.minX < b.maxX - slack && b.minX < a.maxX - slack && a.minY < b.maxY - slack && b.minY < a.maxY - slack
        }

        private mutating func grow(to count: Int) {
            var size = keys.count
            while size < 2 * count { size <<= 1 }
            let old = (keys, heads)
            keys = [UInt64](repeating: 0, count: size)
            heads = [Int32](repeating: -1, count: size)
            mask = size - 1
            shift = UInt64(64 - size.trailingZeroBitCount)
            for k in old.1.indices where old.1[k] >= 0 {
                var i = slot(old.0[k])
                while heads[i] >= 0 { i = (i + 1) & mask }
                keys[i] = old.0[k]
                heads[i] = old.1[k]
            }
        }

        @inline(__always)
        private func slot(_ key: UInt64) -> Int {
            let h = (key ^ (key >> 29)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: h >> shift)
        }
    }
}
