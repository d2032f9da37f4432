import LaminaCore

extension DebugSVG {
    /// Layers per piece when the overlay's layer marks are drawn on several threads.
    static let layersPerPiece = 1024

    /// The document's title, the root's first child. A browser looks for the document title (the
    /// first `title` child of the root `svg`) each time a `title` is added anywhere: Chromium
    /// walks the root's children then, so without one up front, every layer's tooltip cost a
    /// walk over every drawable of the picture (10,000 circles: 10 s to open, 4.5 s with it).
    static let documentTitle = Array("<title>Lamina debug SVG</title>\n".utf8)

    /// The marks of the in-scope `entries` (``OverlayMarks/appendLayer(_:at:scan:geometry:style:labels:to:)``)
    /// in `pieces` (piece `k` holds entries `k × layersPerPiece` up to the next piece), drawn on
    /// up to `threads` threads and returned in order: joined, they are the bytes of the
    /// sequential loop over those entries.
    static func drawLayers(
        _ entries: [OverlayScan.Entry], pieces: Range<Int>, scan: OverlayScan, geometry: OverlayGeometry,
        style: OverlayStyle, labels: OverlayLabels, threads: Int
    ) -> [[UInt8]] {
        ParallelWork.map(pieces.count, threads: threads) { i -> [UInt8] in
            let k = pieces.lowerBound + i
            let range = k * layersPerPiece..<min(entries.count, (k + 1) * layersPerPiece)
            var piece = MarkBytes(capacity: range.count * 900)
            for j in range where entries[j].inScope {
                OverlayMarks.appendLayer(entries[j], at: j, scan: scan, geometry: geometry, style: style, labels: labels, to: &piece)
            }
            return piece.finish()
        }
    }
}
