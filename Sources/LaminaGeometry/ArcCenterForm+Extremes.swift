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
        guard Steps.accepts(from: from, rx: rxIn, ry: ryIn, rotation: rotation, to: to) else { return }
        // The same steps as `init` up to the center, so that the center is the same double.
        let (cosPhi, sinPhi) = PathData.cosSinDegrees(rotation)
        let c = Steps(from: from, rx: rxIn, ry: ryIn, cosPhi: cosPhi, sinPhi: sinPhi, largeArc: largeArc, sweep: sweep, to: to)
        let (rx, ry, cx, cy) = (c.rx, c.ry, c.cx, c.cy)
        let (ux, uy, vx, vy) = (c.ux, c.uy, c.vx, c.vy)
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
