/// The list's per-layer columns (paint index, clip chain, superlayer, path segment) where the
/// pieces of a resolve on several threads (``Resolver/resolveInPieces(_:)``) write them: in
/// place, through pointers into the one list's storage, as each layer is entered by one piece
/// only and no two pieces write the same entry. Each piece wrote its own copy of every column
/// it wrote (4 × 5 MB at deep-1e6, for each of two pieces: ~10,400 pages touched for the first
/// time), and the merge copied the entries of the layers it had entered back into the list.
struct LayerColumns {
    let paintIndex: UnsafeMutablePointer<Int32>
    let clip: UnsafeMutablePointer<Int32>
    let parents: UnsafeMutablePointer<Int32>
    let segments: UnsafeMutablePointer<Int32>
    /// The number of layers (of entries in each column).
    let count: Int

    /// The stored form of nil (``IndexColumn``'s).
    static let none = Int32.min
}

extension Resolver {
    /// Sets layer `i`'s paint index.
    @inline(__always)
    mutating func setPaintIndex(_ v: Int, of i: Int) {
        if let c = columns { c.paintIndex[i] = Int32(truncatingIfNeeded: v) } else { list.layerPaintIndex[i] = v }
    }

    /// Layer `i`'s paint index, nil when it has none (yet).
    @inline(__always)
    func paintIndex(of i: Int) -> Int? {
        guard let c = columns else { return list.layerPaintIndex[i] }
        let v = c.paintIndex[i]
        return v == LayerColumns.none ? nil : Int(v)
    }

    /// Sets layer `i`'s clip chain.
    @inline(__always)
    mutating func setClip(_ v: Int?, of i: Int) {
        if let c = columns {
            c.clip[i] = v.map { Int32(truncatingIfNeeded: $0) } ?? LayerColumns.none
        } else {
            list.layerClip[i] = v
        }
    }

    /// Sets sublayer `i`'s superlayer and path segment (``DisplayList/pathSegments``).
    @inline(__always)
    mutating func setPath(of i: Int, parent: LayerID, segment: Int32) {
        if let c = columns {
            c.parents[i] = Int32(truncatingIfNeeded: parent.index)
            c.segments[i] = segment
        } else {
            list.pathParents[i] = parent
            list.pathSegments[i] = segment
        }
    }

    /// ``DisplayList/path(of:)`` of the list being made, read where the columns are.
    func path(of layer: LayerID) -> String {
        guard let c = columns else { return list.path(of: layer) }
        guard layer.index < c.count else { return "/" }
        var parts: [String] = []
        var cur = layer.index
        while c.parents[cur] != LayerColumns.none {
            let k = c.segments[cur]
            parts.append(k < 0 ? list.segmentNames[Int(~k)] : "#\(k)")
            cur = Int(c.parents[cur])
        }
        if parts.isEmpty { return "/" }
        return parts.reversed().joined(separator: "/")
    }

    /// Moves the per-layer columns out of the list (swapped, never copied: a second
    /// reference would make the next write copy the column whole).
    mutating func takeColumns() -> LayerColumnStorage {
        var out = LayerColumnStorage()
        swap(&out.paintIndex, &list.layerPaintIndex.storage)
        swap(&out.clip, &list.layerClip.storage)
        swap(&out.parents, &list.pathParents.storage)
        swap(&out.segments, &list.pathSegments)
        return out
    }

    /// Moves the per-layer columns back into the list.
    mutating func putColumns(_ storage: inout LayerColumnStorage) {
        swap(&storage.paintIndex, &list.layerPaintIndex.storage)
        swap(&storage.clip, &list.layerClip.storage)
        swap(&storage.parents, &list.pathParents.storage)
        swap(&storage.segments, &list.pathSegments)
    }
}

/// The per-layer columns moved out of a list (``Resolver/takeColumns()``).
struct LayerColumnStorage {
    var paintIndex: [Int32] = []
    var clip: [Int32] = []
    var parents: [Int32] = []
    var segments: [Int32] = []

    /// `body` given pointers to the columns, valid while it runs (every column holds an entry
    /// per layer of a tree of at least one layer).
    mutating func withPointers(_ body: (LayerColumns) -> Void) {
        let count = paintIndex.count
        precondition(count > 0 && clip.count == count && parents.count == count && segments.count == count)
        paintIndex.withUnsafeMutableBufferPointer { p in
            clip.withUnsafeMutableBufferPointer { c in
                parents.withUnsafeMutableBufferPointer { pp in
                    segments.withUnsafeMutableBufferPointer { s in
                        body(LayerColumns(
                            paintIndex: p.baseAddress!, clip: c.baseAddress!, parents: pp.baseAddress!,
                            segments: s.baseAddress!, count: count))
                    }
                }
            }
        }
    }
}
