import Foundation
import LaminaCore

/// Builds a vector's layer trees (LAYER-MODEL.md §0), runs its ops and answers its query.
struct VectorRunner {
    var tree = LayerTree()
    var ids: [String: LayerID] = [:]

    static func run(_ vector: [String: Any]) -> VectorValue {
        var r = VectorRunner()
        let setup = vector["setup"] as? [String: Any] ?? [:]
        do {
            for node in setup["layers"] as? [[String: Any]] ?? [] { _ = try r.build(node) }
            for op in setup["ops"] as? [[String: Any]] ?? [] { try r.apply(op) }
        } catch {
            return .object([("error", .string("CALayerInvalid"))])
        }
        return r.answer(vector["query"] as? [String: Any] ?? [:])
    }

    func layer(_ any: Any?) -> LayerID? { (any as? String).flatMap { ids[$0] } }

    // MARK: Building

    mutating func build(_ node: [String: Any]) throws -> LayerID {
        let id = tree.make(Layer())
        if let name = node["id"] as? String { ids[name] = id }
        if (node["kind"] as? String) == "CATransformLayer" { tree[id].isTransformLayer = true }
        for key in ["anchorPoint", "anchorPointZ", "transform", "sublayerTransform", "bounds", "position", "frame", "zPosition"] {
            if let v = node[key] { set(key, v, on: id) }
        }
        let flags = [
            "geometryFlipped", "hidden", "opacity", "allowsGroupOpacity", "masksToBounds", "cornerRadius",
            "borderWidth", "background", "contents", "name",
        ]
        for key in flags { if let v = node[key] { set(key, v, on: id) } }
        for key in ["autoresizingMask", "layoutManager", "constraints", "delegateLays"] {
            if let v = node[key] { set(key, v, on: id) }
        }
        for child in node["sublayers"] as? [[String: Any]] ?? [] {
            try tree.addSublayer(try build(child), to: id)
        }
        if let m = node["mask"] as? [String: Any] { try tree.setMask(try build(m), of: id) }
        return id
    }

    mutating func set(_ key: String, _ v: Any, on id: LayerID) {
        let nums = (v as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
        let num = (v as? NSNumber)?.doubleValue ?? 0
        let flag = (v as? NSNumber)?.boolValue ?? false
        switch key {
        case "anchorPoint": tree[id].anchorPoint = Point(nums[0], nums[1])
        case "anchorPointZ": tree[id].anchorPointZ = num
        case "transform": tree.setTransform(Self.transform(v), of: id)
        case "sublayerTransform": tree[id].sublayerTransform = Self.transform(v)
        case "bounds": tree.setBounds(Rect(nums[0], nums[1], nums[2], nums[3]), of: id)
        case "boundsSize":
            tree.setBounds(Rect(origin: tree[id].bounds.origin, size: Size(nums[0], nums[1])), of: id)
        case "position": tree[id].position = Point(nums[0], nums[1])
        case "frame": tree.setFrame(Rect(nums[0], nums[1], nums[2], nums[3]), of: id)
        case "affineTransform":
            tree.setTransform(Transform3D(AffineTransform(nums[0], nums[1], nums[2], nums[3], nums[4], nums[5])), of: id)
        case "zPosition": tree[id].zPosition = num
        case "geometryFlipped": tree[id].geometryFlipped = flag
        case "hidden": tree[id].hidden = flag
        case "opacity": tree[id].opacity = num
        case "allowsGroupOpacity": tree[id].allowsGroupOpacity = flag
        case "masksToBounds": tree[id].masksToBounds = flag
        case "cornerRadius": tree[id].cornerRadius = num
        case "borderWidth": tree[id].borderWidth = num
        case "background": tree[id].backgroundColor = flag ? "#000000" : nil
        case "contents": tree[id].content = flag ? Content(shape: .rect(x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0)) : nil
        case "name": tree[id].name = v as? String
        case "autoresizingMask": tree[id].autoresizingMask = AutoresizingMask(rawValue: Int(num))
        case "layoutManager":
            tree[id].layoutManager = (v as? String) == "constraint" ? .constraint : nil
            tree.setNeedsLayout(id)
        case "constraints":
            tree[id].constraints = (v as? [[Any]] ?? []).compactMap(Self.constraint)
        case "delegateLays": tree.delegateLaysOut[id.index] = flag
        default: break
        }
    }

    static func constraint(_ c: [Any]) -> Constraint? {
        guard c.count == 5, let a = (c[0] as? String).flatMap(ConstraintAttribute.init(rawValue:)),
            let src = c[1] as? String, let sa = (c[2] as? String).flatMap(ConstraintAttribute.init(rawValue:))
        else { return nil }
        return Constraint(
            attribute: a, relativeTo: src, sourceAttribute: sa,
            scale: (c[3] as? NSNumber)?.doubleValue ?? 1, offset: (c[4] as? NSNumber)?.doubleValue ?? 0)
    }

    static func transform(_ v: Any) -> Transform3D {
        guard let d = v as? [String: Any] else { return .identity }
        func n(_ key: String) -> [Double] { (d[key] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [] }
        if let t = d["translate"] { _ = t; let a = n("translate"); return .translation(a[0], a[1], a[2]) }
        if d["scale"] != nil { let a = n("scale"); return .scale(a[0], a[1], a[2]) }
        if d["rotate"] != nil { let a = n("rotate"); return .rotation(a[0], a[1], a[2], a[3]) }
        if d["affine"] != nil { let a = n("affine"); return Transform3D(AffineTransform(a[0], a[1], a[2], a[3], a[4], a[5])) }
        if let m = d["m"] as? [String: Any] {
            var e = Transform3D.identity.elements
            for (k, value) in m {
                let digits = k.dropFirst().compactMap { $0.wholeNumberValue }
                guard digits.count == 2, let x = (value as? NSNumber)?.doubleValue else { continue }
                e[(digits[0] - 1) * 4 + digits[1] - 1] = x
            }
            return Transform3D(elements: e) ?? .identity
        }
        if let list = d["concat"] as? [Any] {
            return list.reduce(Transform3D.identity) { $0.concatenating(transform($1)) }
        }
        return .identity
    }

    // MARK: Ops

    mutating func apply(_ op: [String: Any]) throws {
        let size = (op["size"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [0, 0]
        switch op["op"] as? String {
        case "set":
            if let l = layer(op["layer"]), let p = op["property"] as? String { set(p, op["value"] ?? NSNull(), on: l) }
        case "addSublayer":
            if let p = layer(op["parent"]), let l = layer(op["layer"]) { try tree.addSublayer(l, to: p) }
        case "insertSublayer":
            guard let p = layer(op["parent"]), let l = layer(op["layer"]) else { return }
            if let i = (op["index"] as? NSNumber)?.intValue {
                try tree.insertSublayer(l, into: p, at: i)
            } else if op["below"] != nil {
                try tree.insertSublayer(l, into: p, below: layer(op["below"]))
            } else {
                try tree.insertSublayer(l, into: p, above: layer(op["above"]))
            }
        case "replaceSublayer":
            if let p = layer(op["parent"]), let o = layer(op["old"]) { try tree.replaceSublayer(o, with: layer(op["new"]), in: p) }
        case "removeFromSuperlayer": if let l = layer(op["layer"]) { tree.removeFromSuperlayer(l) }
        case "setMask": if let l = layer(op["layer"]) { try tree.setMask(layer(op["mask"]), of: l) }
        case "setNeedsLayout": if let l = layer(op["layer"]) { tree.setNeedsLayout(l) }
        case "layoutIfNeeded": if let l = layer(op["layer"]) { tree.layoutIfNeeded(l) }
        case "layoutSublayers": if let l = layer(op["layer"]) { tree.layoutSublayers(l) }
        case "resizeWithOldSuperlayerSize":
            if let l = layer(op["layer"]) { tree.resizeWithOldSuperlayerSize(l, oldSize: Size(size[0], size[1])) }
        case "resizeSublayersWithOldSize":
            if let l = layer(op["layer"]) { tree.resizeSublayersWithOldSize(l, oldSize: Size(size[0], size[1])) }
        default: break
        }
    }

    // MARK: Queries

    func name(_ id: LayerID?) -> VectorValue {
        guard let id else { return .null }
        return ids.first { $0.value == id }.map { .string($0.key) } ?? .null
    }

    func answer(_ q: [String: Any]) -> VectorValue {
        let l = layer(q["layer"])
        let v = (q["value"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
        let point = (q["point"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [0, 0]
        func rect(_ r: Rect) -> VectorValue {
            r.isInfinite ? .string("INFINITE_RECT") : .numbers([r.x, r.y, r.width, r.height])
        }
        switch (q["type"] as? String, l) {
        case ("frame", let l?): return rect(tree.frame(of: l))
        case ("bounds", let l?): return rect(tree[l].bounds)
        case ("position", let l?): return .point(tree[l].position.x, tree[l].position.y)
        case ("anchorPoint", let l?): return .point(tree[l].anchorPoint.x, tree[l].anchorPoint.y)
        case ("affineTransform", let l?): return .numbers(tree[l].transform.affineTransform.elements)
        case ("convertPoint", _):
            let p = tree.convert(Point(v[0], v[1]), from: layer(q["from"]), to: layer(q["to"]))
            return .point(p.x, p.y)
        case ("convertRect", _):
            return rect(tree.convert(Rect(v[0], v[1], v[2], v[3]), from: layer(q["from"]), to: layer(q["to"])))
        case ("hitTest", let l?): return name(tree.hitTest(Point(point[0], point[1]), in: l))
        case ("containsPoint", let l?): return .bool(tree.containsPoint(Point(point[0], point[1]), in: l))
        case ("contentsAreFlipped", let l?): return .bool(tree.contentsAreFlipped(l))
        case ("sublayers", let l?): return .array(tree.sublayers(of: l).map { name($0) })
        case ("superlayer", let l?): return name(tree.superlayer(of: l))
        case ("mask", let l?): return name(tree.mask(of: l))
        case ("needsLayout", let l?): return .bool(tree.needsLayout(l))
        case ("preferredFrameSize", let l?):
            let s = tree.preferredFrameSize(of: l)
            return .numbers([s.width, s.height])
        case ("drawOrder", let l?): return .array(tree.paintOrder(from: l).filter(tree.paintsOwnContent).map { name($0) })
        case ("paintParts", let l?):
            return .array(tree.paintParts(from: l).map { p in
                if case .string(let n) = name(p.layer) { return .string("\(n):\(p.part.rawValue)") }
                return .null
            })
        case ("visibleRect", let l?): return rect(tree.visibleRect(of: l, in: layer(q["in"])))
        case ("opacityModel", let l?):
            let m = tree.opacityModel(from: l)
            func obj(_ list: [(layer: LayerID, opacity: Double)]) -> VectorValue {
                .object(list.map { e in
                    if case .string(let n) = name(e.layer) { return (n, .number(e.opacity)) }
                    return ("?", .number(e.opacity))
                })
            }
            return .object([("groups", obj(m.groups)), ("elements", obj(m.elements))])
        case ("layoutCount", let l?): return .number(Double(tree.layoutCounts[l.index]))
        default: return .string("unsupported query")
        }
    }
}
