import LaminaCore

extension OverlayLabels {
    /// The labels placed so far, found by where they start: a label less than `near` from an
    /// earlier one's start (both ways) goes in a column under it instead of over it.
    ///
    /// Open addressing over a grid of cells twice `near` in size: whatever is that close to a
    /// point lies in its cell or in the three around the corner it is nearest to, and one cell
    /// holds at most four columns (two starts less than `near` apart both ways share a column),
    /// so each label looks at a bounded number of slots. (A `Dictionary` hashed each key with
    /// SipHash, 500 instructions a label.)
    struct Stacks {
        private var cellX: [Int64]
        private var cellY: [Int64]
        private var starts: [Point]
        /// The line each column's next label goes on (the line under its last); 0 marks an
        /// empty slot.
        private var counts: [UInt16]
        private let mask: Int
        private let near: Size

        init(capacity: Int, near: Size) {
            var size = 16
            while size < 2 * capacity { size <<= 1 }
            cellX = [Int64](repeating: 0, count: size)
            cellY = [Int64](repeating: 0, count: size)
            starts = [Point](repeating: .zero, count: size)
            counts = [UInt16](repeating: 0, count: size)
            mask = size - 1
            self.near = near
        }

        /// Where a label meant to start at `p` goes: the column it joins (its slot, for
        /// ``settle(_:line:)``), its start and the line under its last label (0 and `p` itself
        /// for a new column, which counts as taken until ``settle(_:line:)`` says where its label went).
        mutating func place(_ p: Point) -> (column: Int, start: Point, lines: UInt16) {
            let fx = p.x / (2 * near.width), fy = p.y / (2 * near.height)
            guard fx.isFinite, fy.isFinite, abs(fx) < 1e15, abs(fy) < 1e15 else { return (-1, p, 0) }
            let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
            let cx = Int64(x0), cy = Int64(y0)
            let nx = fx - x0 < 0.5 ? cx - 1 : cx + 1
            let ny = fy - y0 < 0.5 ? cy - 1 : cy + 1
            for k in 0..<4 {
                let x = k & 1 == 0 ? cx : nx, y = k < 2 ? cy : ny
                var i = slot(x, y)
                while counts[i] > 0 {
                    if cellX[i] == x, cellY[i] == y, abs(starts[i].x - p.x) < near.width, abs(starts[i].y - p.y) < near.height {
                        return (i, starts[i], counts[i])
                    }
                    i = (i + 1) & mask
                }
            }
            var i = slot(cx, cy)
            while counts[i] > 0 { i = (i + 1) & mask }
            cellX[i] = cx
            cellY[i] = cy
            starts[i] = p
            counts[i] = 1
            return (i, p, 0)
        }

        /// Records that the label of `column` went on `line`, so the column's next one goes under it.
        mutating func settle(_ column: Int, line: Int) {
            guard column >= 0 else { return }
            counts[column] = UInt16(clamping: max(Int(counts[column]), line + 1))
        }

        private func slot(_ x: Int64, _ y: Int64) -> Int {
            let h = (UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F)
            return Int(truncatingIfNeeded: (h ^ (h >> 29)) & UInt64(mask))
        }
    }
}
