import LaminaCore

/// The `lamina inspect` report (SPEC §7): resolved geometry of every layer as a JSON array.
///
/// One object per layer in tree order (a layer, its mask, then its sublayers), one object per
/// line, keys in a fixed order:
///
///     [
///       {"path": "/", "frame": [0, 0, 200, 200], "bounds": [0, 0, 200, 200], "position": [100, 100],
///        "anchorPoint": [0.5, 0.5], "zPosition": 0, "paintIndex": 0, "toRoot": [1, 0, 0, 1, 0, 0],
///        "anchorInRoot": [100, 100], "frameInRoot": [[0, 0], [200, 0], [200, 200], [0, 200]],
///        "clipInRoot": null}
///     ]
///
/// `paintIndex` is the layer's index in ``LayerTree/paintOrder(from:)`` (null when hidden or a
/// mask); `toRoot` is the affine part of the map to the root's superlayer space (a projective
/// map is divided by its last entry and its perspective terms dropped); `frameInRoot` holds the
/// bounds' corners mapped to root space clockwise from the bounds origin; `clipInRoot` is
/// `[0, 0, 0, 0]` when the clips do not overlap.
public enum InspectReport {
    /// The report for the whole scene, or for the single layer at `layerPath` (nil when there is none).
    public static func json(scene: Scene, layerPath: String?) -> String? {
        var bytes: [UInt8] = []
        let found = write(scene: scene, layerPath: layerPath) { bytes.append(contentsOf: $0) }
        return found ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// The report handed to `sink` in pieces of about `pieceBytes` bytes, as it is made: its
    /// size grows with the layer count times the nesting depth (each object names its layer's
    /// whole path), so a deep chain of `use` instances must not be held whole. False, with
    /// nothing written, when there is no layer at `layerPath`.
    ///
    /// The layers are visited in rounds (``roundLayers`` layers, or paths of ``roundPathBytes``
    /// bytes); a round's objects are written on the threads of `split`, in pieces put back in
    /// order, so the bytes do not depend on the split.
    public static func write(
        scene: Scene, layerPath: String?, pieceBytes: Int = 1 << 20, to sink: (UnsafeRawBufferPointer) -> Void
    ) -> Bool {
        write(scene: scene, layerPath: layerPath, pieceBytes: pieceBytes, split: .automatic, to: sink)
    }

    /// ``write(scene:layerPath:pieceBytes:to:)`` on the threads of `split`.
    package static func write(
        scene: Scene, layerPath: String?, pieceBytes: Int = 1 << 20, split: WorkSplit,
        to sink: (UnsafeRawBufferPointer) -> Void
    ) -> Bool {
        let tree = scene.tree
        let root = scene.root
        var selected: LayerID?
        if let p = layerPath {
            guard let id = tree.layer(atPath: p, root: root) else { return false }
            selected = id
        }
        let maps = tree.toRootMaps(from: root)
        let toRoot = maps.maps, eyePlanes = maps.eyePlanes
        let clips = tree.clipMap(from: root, toRoot: toRoot, eyePlanes: eyePlanes)
        let paintIndex = Self.paintIndices(tree: tree, root: root)
        var out: [UInt8] = Array("[".utf8)
        out.reserveCapacity(pieceBytes + 4096)
        var count = 0
        // One object: the path quoted byte by byte (it may be long: it names every ancestor),
        // then the other keys.
        func object(_ id: LayerID, path: UnsafeBufferPointer<UInt8>, first: Bool, to out: inout [UInt8]) {
            out.append(contentsOf: (first ? "\n  {\"path\": " : ",\n  {\"path\": ").utf8)
            appendQuoted(path, to: &out)
            appendFields(
                id, tree: tree, toRoot: toRoot[id.index], eyePlanes: eyePlanes.isEmpty ? [] : eyePlanes[id.index] ?? [],
                anchorInRoot: tree.anchorInRoot(of: id, toRoot: toRoot, eyePlanes: eyePlanes),
                clip: clips[id.index], paintIndex: paintIndex[id.index], to: &out)
        }
        func flushIfFull() {
            if out.count >= pieceBytes {
                out.withUnsafeBytes(sink)
                out.removeAll(keepingCapacity: true)
            }
        }
        if let id = selected {
            Array(tree.path(of: id, root: root).utf8).withUnsafeBufferPointer { object(id, path: $0, first: true, to: &out) }
        } else {
            // A round: its layers, and their paths one after another in `paths`.
            var ids: [LayerID] = []
            var pathEnds: [Int] = []
            var paths: [UInt8] = []
            let repeated = tree.repeatedNames(from: root)
            let threads = split.threads(forItems: tree.count)
            // Object `i` of the round. Inlined: as a function of its own, its reads of the
            // round's buffers are checked for exclusive access at run time (+1 % on 10,000 layers).
            @inline(__always) func render(_ i: Int, into buffer: inout [UInt8]) {
                let start = i == 0 ? 0 : pathEnds[i - 1]
                paths.withUnsafeBufferPointer { all in
                    object(ids[i], path: UnsafeBufferPointer(rebasing: all[start..<pathEnds[i]]), first: count + i == 0, to: &buffer)
                }
            }
            func writeRound() {
                let n = ids.count
                defer {
                    count += n
                    ids.removeAll(keepingCapacity: true)
                    pathEnds.removeAll(keepingCapacity: true)
                    paths.removeAll(keepingCapacity: true)
                }
                let pieceCount = threads > 1 ? min(4 * threads, max(1, n / 256)) : 1
                guard pieceCount > 1 else {
                    // On this thread, straight into the output.
                    for i in 0..<n {
                        render(i, into: &out)
                        flushIfFull()
                    }
                    return
                }
                let rendered = ParallelWork.map(pieceCount, threads: threads) { k -> [UInt8] in
                    var piece: [UInt8] = []
                    piece.reserveCapacity(n / pieceCount * 400)
                    for i in (k * n / pieceCount)..<((k + 1) * n / pieceCount) { render(i, into: &piece) }
                    return piece
                }
                for piece in rendered {
                    out.append(contentsOf: piece)
                    flushIfFull()
                }
            }
            // Tree order (``LayerTree/preorder(from:includeMasks:)``: a layer, its mask, then its
            // sublayers), with the path of the layer last visited kept in one buffer: every
            // layer visited between a layer and its next sibling lies below their superlayer,
            // so the superlayer's path is a prefix of the buffer when the sibling comes.
            var path: [UInt8] = []
            var stack: [(id: LayerID, parentLength: Int, index: Int)] = [(root, 0, 0)]
            while let (id, parentLength, index) = stack.popLast() {
                path.removeSubrange(parentLength...)
                if id != root {
                    if parentLength > 0 { path.append(UInt8(ascii: "/")) }
                    if index < 0 {
                        path.append(contentsOf: "@mask".utf8)
                    } else if let n = tree[id].name, LayerTree.isPathName(n),
                        repeated.isEmpty || !repeated.contains(id.index)
                    {
                        path.append(contentsOf: n.utf8)
                    } else {
                        path.append(UInt8(ascii: "#"))
                        path.append(contentsOf: String(index).utf8)
                    }
                }
                ids.append(id)
                if id == root { paths.append(UInt8(ascii: "/")) } else { paths.append(contentsOf: path) }
                pathEnds.append(paths.count)
                if ids.count >= Self.roundLayers || paths.count >= Self.roundPathBytes { writeRound() }
                let subs = tree.sublayers(of: id)
                for k in subs.indices.reversed() { stack.append((subs[k], path.count, k)) }
                if let m = tree.mask(of: id) { stack.append((m, path.count, -1)) }
            }
            if !ids.isEmpty { writeRound() }
        }
        out.append(contentsOf: "\n]\n".utf8)
        out.withUnsafeBytes(sink)
        return true
    }

    /// Layers per round of ``write(scene:layerPath:pieceBytes:split:to:)``.
    static let roundLayers = 8192
    /// A round ends early once its paths take this many bytes (a deep tree's are long).
    static let roundPathBytes = 8 << 20

    /// Each layer's index in the paint order (nil when not painted), by `LayerID.index`.
    static func paintIndices(tree: LayerTree, root: LayerID) -> [Int?] {
        var paintIndex = [Int?](repeating: nil, count: tree.count)
        for (k, id) in tree.paintOrder(from: root).enumerated() { paintIndex[id.index] = k }
        return paintIndex
    }

    /// The keys after `path`, and the closing brace, appended as bytes (the report of a large
    /// scene is tens of megabytes: no `String` and no array per number on the way).
    static func appendFields(
        _ id: LayerID, tree: LayerTree, toRoot: Homography?, eyePlanes: [Homography] = [], anchorInRoot: Point?,
        clip: Rect?, paintIndex: Int?, to out: inout [UInt8]
    ) {
        let l = tree[id]
        out.append(contentsOf: ", \"frame\": ".utf8)
        appendRect(tree.frame(of: id), to: &out)
        out.append(contentsOf: ", \"bounds\": ".utf8)
        appendRect(l.bounds, to: &out)
        out.append(contentsOf: ", \"position\": ".utf8)
        appendPoint(l.position, to: &out)
        out.append(contentsOf: ", \"anchorPoint\": ".utf8)
        appendPoint(l.anchorPoint, to: &out)
        out.append(contentsOf: ", \"zPosition\": ".utf8)
        NumberText.append(l.zPosition, toBytes: &out)
        out.append(contentsOf: ", \"paintIndex\": ".utf8)
        if let k = paintIndex {
            appendInteger(k, to: &out)
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: ", \"toRoot\": ".utf8)
        if let h = toRoot {
            let a = affineApproximation(h)
            out.append(UInt8(ascii: "["))
            NumberText.append(a.a, toBytes: &out)
            appendNext(a.b, to: &out)
            appendNext(a.c, to: &out)
            appendNext(a.d, to: &out)
            appendNext(a.tx, to: &out)
            appendNext(a.ty, to: &out)
            out.append(UInt8(ascii: "]"))
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: ", \"anchorInRoot\": ".utf8)
        appendPoint(anchorInRoot ?? .notANumber, to: &out)
        out.append(contentsOf: ", \"frameInRoot\": [".utf8)
        let b = l.bounds
        appendPoint(toRoot.flatMap { $0.apply(Point(b.x, b.y), inFrontOf: eyePlanes) } ?? .notANumber, to: &out)
        out.append(contentsOf: ", ".utf8)
        appendPoint(toRoot.flatMap { $0.apply(Point(b.x + b.width, b.y), inFrontOf: eyePlanes) } ?? .notANumber, to: &out)
        out.append(contentsOf: ", ".utf8)
        appendPoint(toRoot.flatMap { $0.apply(Point(b.x + b.width, b.y + b.height), inFrontOf: eyePlanes) } ?? .notANumber, to: &out)
        out.append(contentsOf: ", ".utf8)
        appendPoint(toRoot.flatMap { $0.apply(Point(b.x, b.y + b.height), inFrontOf: eyePlanes) } ?? .notANumber, to: &out)
        out.append(contentsOf: "], \"clipInRoot\": ".utf8)
        if let c = clip {
            appendRect(c.isNull ? .zero : c, to: &out)
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The affine part of a plane map, normalized by its last entry when that is usable.
    static func affineApproximation(_ h: Homography) -> AffineTransform {
        let w = h.m33 != 0 && h.m33.isFinite ? h.m33 : 1
        return AffineTransform(h.m11 / w, h.m12 / w, h.m21 / w, h.m22 / w, h.m31 / w, h.m32 / w)
    }

    /// `, ` and a number.
    static func appendNext(_ v: Double, to out: inout [UInt8]) {
        out.append(contentsOf: ", ".utf8)
        NumberText.append(v, toBytes: &out)
    }

    /// `[x, y, width, height]`.
    static func appendRect(_ r: Rect, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        NumberText.append(r.x, toBytes: &out)
        appendNext(r.y, to: &out)
        appendNext(r.width, to: &out)
        appendNext(r.height, to: &out)
        out.append(UInt8(ascii: "]"))
    }

    /// `[x, y]`.
    static func appendPoint(_ p: Point, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        NumberText.append(p.x, toBytes: &out)
        appendNext(p.y, to: &out)
        out.append(UInt8(ascii: "]"))
    }

    /// A non-negative integer's decimal digits.
    static func appendInteger(_ n: Int, to out: inout [UInt8]) {
        if n < 10 {
            out.append(UInt8(ascii: "0") + UInt8(n))
        } else {
            out.append(contentsOf: String(n).utf8)
        }
    }

    /// ``appendQuoted(_:to:)-(String,_)`` of UTF-8 bytes, appended as bytes: runs without
    /// anything to escape are copied whole.
    static func appendQuoted(_ s: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var start = 0
        for (i, b) in s.enumerated() where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: s[start..<i]))
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            default:
                let hex = String(b, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            }
            start = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: s[start...]))
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    ///
    /// Shared with `lamina check`'s JSON diff so both spell strings the same way.
    package static func appendQuoted(_ s: String, to out: inout String) {
        var bytes: [UInt8] = []
        var text = s
        text.withUTF8 { appendQuoted($0, to: &bytes) }
        out += String(decoding: bytes, as: UTF8.self)
    }
}
