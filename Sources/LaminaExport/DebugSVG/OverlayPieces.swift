import LaminaCore

extension DebugSVG {
    /// Layers per piece when the overlay's layer marks are drawn on several threads.
    static let layersPerPiece = 1024

    /// The marks of the in-scope `entries` (``OverlayMarks/appendLayer(_:scan:geometry:style:labels:to:)``),
    /// drawn in pieces of ``layersPerPiece`` layers on up to `threads` threads and returned in
    /// order: joined, they are the bytes of the sequential loop.
    static func drawLayers(
        _ entries: [OverlayScan.Entry], scan: OverlayScan, geometry: OverlayGeometry, style: OverlayStyle,
        labels: Bool, threads: Int
    ) -> [[UInt8]] {
        let count = (entries.count + layersPerPiece - 1) / layersPerPiece
        return ParallelWork.map(count, threads: threads) { k -> [UInt8] in
            let range = k * layersPerPiece..<min(entries.count, (k + 1) * layersPerPiece)
            var piece: [UInt8] = []
            piece.reserveCapacity(range.count * 800)
            for entry in entries[range] where entry.inScope {
                OverlayMarks.appendLayer(entry, scan: scan, geometry: geometry, style: style, labels: labels, to: &piece)
            }
            return piece
        }
    }
}
