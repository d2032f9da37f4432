import LaminaCore

extension SceneBuilder {
    /// Attaches a `clip-path` as the host's mask layer (`svg.element == "clipPath"`), whose
    /// sublayers are the clip path's shapes, text and `use`s. `objectBoundingBox` units map the
    /// unit square onto the host's box; a `clip-path` on the clip path becomes the mask's mask,
    /// set in the host's user space and box (it clips what the clip path clips, as resvg and
    /// Chromium apply it), so neither the clip path's `transform` nor its `objectBoundingBox`
    /// mapping reaches it. A missing or recursive reference is ignored with a warning (as resvg
    /// renders it).
    ///
    /// A chain of clip paths, each clipped by the next, is followed for at most
    /// ``DisplayList/maxClipNesting`` links, as deep as the resolver follows clip paths nested
    /// in clip paths: each link is one more mask layer below the last, and every layer's path
    /// (`inspect`, the overlay) names all the masks above it, so a chain of thousands made
    /// outputs quadratic in its length.
    mutating func attachClip(host: LayerID, clipID: String, hostElement: Int, _ w: Work) {
        var next: ClipStep? = ClipStep(host: host, clipped: host, clipID: clipID, hostElement: hostElement, work: w)
        var links = 0
        while let step = next {
            guard links < DisplayList.maxClipNesting else {
                warn("clip paths clipped by clip paths more than \(DisplayList.maxClipNesting) deep; the rest are ignored", step.hostElement)
                return
            }
            links += 1
            next = attachOneClip(step)
        }
    }

    /// Attaches the `clip-path` of `style` to `host`, a reference or a basic shape, if it has one.
    mutating func attachClipPath(of style: ComputedStyle, host: LayerID, hostElement: Int, _ w: Work) {
        if let clip = style.clipPath {
            attachClip(host: host, clipID: clip, hostElement: hostElement, w)
        } else if let shape = style.clipShape {
            attachClipShape(host: host, shape, hostElement: hostElement, style: style, w)
        }
    }

    /// Attaches a `clip-path` basic shape (or reference box) to `host`: a mask layer whose content
    /// is made when the host's box is known (`finalizeGeometry`).
    private mutating func attachClipShape(host: LayerID, _ shape: ClipShape, hostElement: Int, style: ComputedStyle, _ w: Work) {
        var layer = Layer(name: nil)
        layer.svg = SVGInfo(element: "clipPath")
        let mask = newLayer(layer, element: hostElement)
        var geometry = PendingGeometry()
        let outsets = shape.box == .stroke
            ? Self.strokeBoxOutsets(layers[host].content?.shape, Self.strokeOutline(style, viewport: w.viewport)) : StrokeBoxOutsets()
        geometry.clipShape = PendingClipShape(
            shape: shape, host: host, viewport: w.viewport, fontSize: style.fontSize, rootFontSize: rootFontSize,
            strokeOutsets: outsets)
        pending.append(geometry)
        try? layers.setMask(mask, of: host)
    }

    /// Attaches one clip path; returns the clip path's own `clip-path` to attach next.
    private mutating func attachOneClip(_ step: ClipStep) -> ClipStep? {
        let (host, clipID, hostElement, w) = (step.host, step.clipID, step.hostElement, step.work)
        guard let c = element(id: clipID), tree[c].name == "clipPath", tree[c].isSVG else {
            warn("clip-path reference '#\(clipID)' not found; ignored", hostElement)
            return nil
        }
        var f = w.clipFrame
        while f >= 0 {
            if clipFrames[f].clip == c {
                warn("clip-path '#\(clipID)' refers to itself; ignored", hostElement)
                return nil
            }
            f = clipFrames[f].parent
        }
        let key = ClipTemplateKey(clip: c, clipFrame: w.clipFrame, viewport: w.viewport)
        if let made = clipTemplate(key, clip: c) {
            copyClipTemplate(made, step)
            return nil
        }
        let style = documentStyle(of: c)
        var layer = Layer(name: clipID)
        var info = SVGInfo(element: "clipPath")
        info.id = clipID
        layer.svg = info
        let mask = newLayer(layer, element: c)
        freshClips?.append(FreshClip(key: key, mask: mask))
        pending.append(PendingGeometry(transform: transformAttribute(c, cascadedDeclarations(of: c), viewport: w.viewport, fontSize: style.fontSize)))
        // A keyword: with spaces around it, it is not one (Chromium and resvg take the default).
        if tree[c].attribute("clipPathUnits") == "objectBoundingBox" {
            pending[mask.index].boundingBoxHost = step.clipped
        }
        if let space = step.clipSpace { pending[mask.index].clipSpace = space }
        try? layers.setMask(mask, of: host)
        clipFrames.append(ClipFrame(clip: c, parent: w.clipFrame))
        let inner = Work(
            element: c, parent: mask, style: style, viewport: w.viewport, context: .clip,
            clipFrame: clipFrames.count - 1)
        pushChildren(of: c, inner, parent: mask, style: style, viewport: w.viewport)
        if clipTemplates[key] == nil { clipTemplates[key] = style.clipPath == nil ? .building(mask) : .unusable }
        return style.clipPath.map { ClipStep(host: mask, clipped: step.clipped, clipID: $0, hostElement: c, work: inner) }
    }

    /// The mask layer built for `key` before, when it can stand for this one: built to the end,
    /// with only shapes and text as its sublayers (no groups, `use`s or masks of their own) and
    /// no context paint; nil otherwise, or when copying would pass the instancing cap (building
    /// then reports it where it always has).
    private mutating func clipTemplate(_ key: ClipTemplateKey, clip c: Int) -> ClipTemplateCopy? {
        guard let template = clipTemplates[key] else { return nil }
        switch template {
        case .unusable:
            return nil
        case .ready(let made):
            guard built + made.elements <= buildCap else { return nil }
            return made
        case .building(let mask):
            // Its children are built once no work item under the mask is left (only leaves
            // qualify, so nothing deeper can be pending).
            guard !work.contains(where: { $0.parent == mask }) else { return nil }
            let subs = layers.sublayers(of: mask)
            let leaves = subs.allSatisfy { layers.sublayers(of: $0).isEmpty && layers.mask(of: $0) == nil }
            guard leaves, layers.mask(of: mask) == nil, contextServers.isEmpty else {
                clipTemplates[key] = .unusable
                return nil
            }
            var elements = 0
            for item in tree.contentItems(c) where item >= 0 && tree.isSVG(Int(item)) { elements += 1 }
            let made = ClipTemplateCopy(mask: mask, sublayers: subs, elements: elements)
            clipTemplates[key] = .ready(made)
            return built + elements <= buildCap ? made : nil
        }
    }

    /// Gives the step's host a copy of a clip path's mask layers built before: the same layer
    /// values (their boxed facts shared, copied on write), pending geometry and source positions,
    /// in the same order, as building the clip path's children again would make them, set in the
    /// step's clipped element's box and space. Every warning those children give was given once
    /// already.
    private mutating func copyClipTemplate(_ made: ClipTemplateCopy, _ step: ClipStep) {
        // The layer `k` of the template (0 the mask, then its sublayers), as built.
        let asBuilt = templatesAsBuilt.isEmpty ? nil : templatesAsBuilt[made.mask.index]
        func copy(_ id: LayerID, _ k: Int) -> LayerID {
            if let built = asBuilt {
                let new = layers.make(built.layers[k])
                layers.sourcePositions.append(built.positions[k])
                pending.append(built.pending[k])
                return new
            }
            let new = layers.make(layers[id])
            layers.sourcePositions.append(layers.sourcePositions[id.index])
            pending.append(pending[id.index])
            return new
        }
        let mask = copy(made.mask, 0)
        if pending[mask.index].boundingBoxHost != nil { pending[mask.index].boundingBoxHost = step.clipped }
        if pending[mask.index].clipSpace != step.clipSpace { pending[mask.index].clipSpace = step.clipSpace }
        try? layers.setMask(mask, of: step.host)
        layers.reserveSublayers(made.sublayers.count, of: mask)
        for (k, s) in made.sublayers.enumerated() { try? layers.addSublayer(copy(s, k + 1), to: mask) }
        built += made.elements
    }

    /// Keeps the layers of each clip-path template whose mask layer was made after `first` as
    /// they are now (``templatesAsBuilt``), for copies made after they are finalized: a split
    /// build's first half finalizes its own layers while the second half builds, and builds the
    /// second half's children itself when the merge cannot take them. (Building the clip path's
    /// children again instead of copying would give the same layers in another order.)
    mutating func keepTemplatesAsBuilt(from first: Int) {
        for template in clipTemplates.values {
            let mask: LayerID
            switch template {
            case .building(let m): mask = m
            case .ready(let made): mask = made.mask
            case .unusable: continue
            }
            guard mask.index >= first, templatesAsBuilt[mask.index] == nil else { continue }
            let ids = [mask] + layers.sublayers(of: mask)
            templatesAsBuilt[mask.index] = ClipTemplateLayers(
                layers: ids.map { layers[$0] }, pending: ids.map { pending[$0.index] },
                positions: ids.map { layers.sourcePositions[$0.index] })
        }
    }
}

/// One clip path to attach: the layer whose mask it becomes, the element it clips (whose user
/// space and object bounding box it takes: the host itself, or for the `clip-path` of a
/// `clipPath`, the element that clip path clips) and where it is referenced.
struct ClipStep {
    var host: LayerID
    var clipped: LayerID
    var clipID: String
    /// The referencing element, for warnings.
    var hostElement: Int
    var work: SceneBuilder.Work

    /// The mask layer the clip path sits in, whose placement its mask layer undoes
    /// (`PendingGeometry.clipSpace`): the host when it is not the clipped element, else nil.
    var clipSpace: LayerID? { host != clipped ? host : nil }
}

/// Where a clip path's mask layers were built: the clip path, the clip path around the host
/// (recursion is checked against it) and the viewport its percentages resolve in. Nothing else
/// of the host reaches them: the clip path's children take their style from the document.
struct ClipTemplateKey: Hashable {
    var clip: Int
    var clipFrame: Int
    var viewport: Size
}

/// A clip path's mask layer for a ``ClipTemplateKey``: being built, ready to copy, or not to copy.
enum ClipTemplate {
    case building(LayerID)
    case ready(ClipTemplateCopy)
    case unusable
}

/// The mask layer to copy, its sublayers and how many elements building them counts against
/// the instancing cap.
struct ClipTemplateCopy {
    var mask: LayerID
    var sublayers: [LayerID]
    var elements: Int
}

/// A clip-path template's layers (the mask, then its sublayers) as built: their values,
/// pending geometry and source positions.
struct ClipTemplateLayers {
    var layers: [Layer]
    var pending: [PendingGeometry]
    var positions: [SourcePosition]
}
