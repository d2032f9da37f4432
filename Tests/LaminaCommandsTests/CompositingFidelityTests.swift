import Foundation
import LaminaTestSupport
import Testing

/// Flattened outputs where compositing and `use` cycles must keep the input's picture (each
/// found by rendering input and output with resvg and checking Chromium).
@Suite struct CompositingFidelityTests {
    static func convert(_ svg: String) throws -> String {
        try TestSupport.withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("in.svg")
            try Data(svg.utf8).write(to: input)
            let run = try TestSupport.runLamina(["convert", input.path, "--to", "svg", "-o", "-"])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout
        }
    }

    /// A clip path makes its group isolated: the blending child blends with its sibling, not
    /// with the page, and the clip cuts the group once.
    @Test func clippedGroupIsolatesABlendingChild() throws {
        let out = try Self.convert(#"""
            <svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">
            <clipPath id="c"><rect x="10" y="10" width="180" height="180"/></clipPath>
            <rect width="200" height="200" fill="yellow"/>
            <g clip-path="url(#c)"><rect x="20" y="20" width="80" height="160" fill="green"/>
            <rect x="60" y="60" width="120" height="80" fill="blue" style="mix-blend-mode:multiply"/></g>
            </svg>
            """#)
        let group = try #require(out.range(of: ##"<g clip-path="url(#lamina-clip-1)" style="isolation:isolate">"##), "\(out)")
        // Both children inside the one clipped group, the blend on the child's own group only.
        let inside = out[group.upperBound...]
        #expect(inside.contains(##"fill="#008000""##) && inside.contains(#"<g style="mix-blend-mode:multiply">"#), "\(out)")
        #expect(out.components(separatedBy: "mix-blend-mode").count == 2, "\(out)")
        #expect(out.components(separatedBy: "clip-path=").count == 2, "\(out)")
    }

    /// Without a blending layer below, a clipped group stays as before: the clip on its drawables.
    @Test func clippedGroupWithoutBlendingIsNotIsolated() throws {
        let out = try Self.convert(#"""
            <svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">
            <clipPath id="c"><rect x="10" y="10" width="180" height="180"/></clipPath>
            <g clip-path="url(#c)"><rect x="20" y="20" width="80" height="160" fill="green"/><rect x="60" y="60" width="120" height="80" fill="blue"/></g>
            </svg>
            """#)
        #expect(!out.contains("isolation"), "\(out)")
    }

    /// Pattern, mask and marker content keep `mix-blend-mode` and `isolation` in `style`, where
    /// renderers read them (as attributes they are ignored).
    @Test func blendingInsidePatternContentIsWrittenAsCSS() throws {
        let out = try Self.convert(#"""
            <svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">
            <pattern id="p" width="200" height="200" patternUnits="userSpaceOnUse">
            <g style="isolation:isolate"><rect width="80" height="160" fill="green"/>
            <rect x="60" y="60" width="120" height="80" fill="blue" style="mix-blend-mode:multiply"/></g></pattern>
            <rect width="200" height="200" fill="url(#p)"/>
            </svg>
            """#)
        #expect(out.contains(#"style="mix-blend-mode:multiply""#), "\(out)")
        #expect(out.contains(#"style="isolation:isolate""#), "\(out)")
        #expect(!out.contains(#" mix-blend-mode=""#) && !out.contains(#" isolation=""#), "\(out)")
    }

    /// A `use` whose target holds it closes the cycle: it alone is skipped, so a `use` of the
    /// group holding it still draws the rest of that group.
    @Test(arguments: ["svg", "g"])
    func useReferencingItsAncestorIsTheOneSkipped(ancestor: String) throws {
        let open = ancestor == "svg" ? #"<svg id="top" viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">"#
            : #"<svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg"><g id="top">"#
        let close = ancestor == "svg" ? "</svg>" : "</g></svg>"
        let out = try Self.convert(open + #"""
            <defs><g id="w"><use href="#top"/><rect x="20" y="20" width="80" height="80" fill="green"/></g></defs>
            <use href="#w" x="10" y="10"/>
            """# + close)
        #expect(out.contains(##"<rect x="20" y="20" width="80" height="80" transform="matrix(1 0 0 1 10 10)" fill="#008000"/>"##), "\(out)")
    }

    /// An embedded PNG given as `data:;base64,…` (Illustrator, old Inkscape) is drawn, written
    /// as `data:image/png`; an HTML `data:` URL is still dropped.
    @Test func embeddedImageWithoutMediaTypeIsKept() throws {
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAFElEQVR4nGO8IyfHAANMDEgANwcAOHIBIO1BLLkAAAAASUVORK5CYII="
        let out = try Self.convert(#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">"#
            + #"<image x="10" y="10" width="80" height="80" xlink:href="data:;base64,\#(png)"/>"#
            + #"<image width="10" height="10" href="data:text/html;base64,PHNjcmlwdD4="/></svg>"#)
        #expect(out.contains(#"href="data:image/png;base64,\#(png)""#), "\(out)")
        #expect(!out.contains("text/html"), "\(out)")
    }
}
