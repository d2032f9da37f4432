extension ArcCenterForm {
    /// Adds to `box` the extremes of the arc from `from` to `to` (endpoints not included: the
    /// caller's box holds them), found from the center form without an angle: no `atan2`,
    /// `sin` or `cos` beyond the rotation's. Adds nothing where `init` gives nil (a straight
    /// line or nothing).
    ///
    /// On the ellipse `x(θ) = cx + rx·cosφ·cosθ − ry·sinφ·sinθ`, x is largest where
    /// `(cosθ, sinθ)` points along `(rx·cosφ, −ry·sinφ)`, and the largest x is `cx + hx` with
    /// `hx = √((rx·cosφ)² + (ry·sinφ)²)`; likewise y along `(rx·sinφ, ry·cosφ)` with `hy`.
    /// Whether such a direction lies on the swept range is read from cross products with the
    /// start and end directions `u` and `v` (unit vectors in the circle the ellipse is scaled
    /// from). Equal to ``bounds`` within rounding (the angles it goes through cost about 2,000
    /// instructions an arc); inputs so large that a square overflows take that path instead.
    static func addExtremes(
        from: Point, rx rxIn: Double, ry ryIn: Double, rotation: Double, largeArc: Bool, sweep: Bool, to: Point,
        into box: inout BoxAccumulator
    ) {
        var rx = abs(rxIn), ry = abs(ryIn)
        guard rx > 0, ry > 0, from != to, from.isFinite, to.isFinite, rx.isFinite, ry.isFinite, rotation.isFinite
        else { return }
        // The same steps as `init` up to the center, so that the center is the same double.
        let (cosPhi, sinPhi) = PathData.cosSinDegrees(rotation)
        let dx2 = (from.x - to.x) / 2, dy2 = (from.y - to.y) / 2
        let x1p = cosPhi * dx2 + sinPhi * dy2
        let y1p = -sinPhi * dx2 + cosPhi * dy2
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let k = squareRoot(lambda)
            rx *= k
            ry *= k
        }
        let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coef = den > 0 ? squareRoot(max(0, num / den)) : 0
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry
        let cyp = -coef * ry * x1p / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (from.x + to.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (from.y + to.y) / 2
        let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
        guard cx.isFinite, cy.isFinite else { return }
        // The extreme directions and how far each reaches from the center.
        let ax = rx * cosPhi, bx = -ry * sinPhi  // toward the largest x
        let ay = rx * sinPhi, by = ry * cosPhi  // toward the largest y
        let hx = squareRoot(ax * ax + bx * bx), hy = squareRoot(ay * ay + by * by)
        guard ux.isFinite, uy.isFinite, vx.isFinite, vy.isFinite, hx.isFinite, hy.isFinite else {
            // NaN directions are `init`'s nil; infinite ones and overflowing squares, its angles.
            if !(ux.isNaN || uy.isNaN || vx.isNaN || vy.isNaN),
                let arc = ArcCenterForm(from: from, rx: rxIn, ry: ryIn, rotation: rotation, largeArc: largeArc, sweep: sweep, to: to)
            {
                box.add(arc.bounds)
            }
            return
        }
        // The range swept counterclockwise (increasing θ) from `s` to `e`.
        let (sx, sy, ex, ey) = sweep ? (ux, uy, vx, vy) : (vx, vy, ux, uy)
        let turn = sx * ey - sy * ex
        if turn == 0, sx * ex + sy * ey > 0 { return }  // no sweep: nothing between the endpoints
        let long = turn < 0  // more than a half turn
        @inline(__always) func swept(_ dx: Double, _ dy: Double) -> Bool {
            let afterStart = sx * dy - sy * dx >= 0, beforeEnd = dx * ey - dy * ex >= 0
            return long ? afterStart || beforeEnd : afterStart && beforeEnd
        }
        if swept(ax, bx) { box.addX(cx + hx) }
        if swept(-ax, -bx) { box.addX(cx - hx) }
        if swept(ay, by) { box.addY(cy + hy) }
        if swept(-ay, -by) { box.addY(cy - hy) }
    }
}
