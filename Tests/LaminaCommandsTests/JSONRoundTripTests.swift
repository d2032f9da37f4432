import Foundation
import LaminaTestSupport
import Testing

/// SVG → layer JSON → SVG writes what SVG → SVG writes when the numbers survive the JSON's 6
/// decimals: the input's viewBox, width and height, and no clip of the root's own.
@Suite struct JSONRoundTripTests {
    static let documents = [
        // The viewBox maps by 22 / 6.208889 = 3.5433070866…, written 3.543307 in the JSON.
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 6.208889 6.208889">
          <rect x="1" y="1" width="4" height="2" fill="#353535"/>
          <circle cx="3" cy="4" r="1" fill="red"/>
        </svg>
        """,
        // No viewBox: the root is 793.700787 px wide (210 mm), its center 396.8503935 written 396.850394.
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm">
          <rect x="10" y="20" width="100" height="50" fill="blue"/>
        </svg>
        """,
        // Sizes with an odd last digit: the anchor's midpoint (1.0000015) is half a unit of the
        // sixth decimal, so the layer came back with `matrix(1 0 0 1 0 0.000001)`, which resvg
        // draws otherwise than no transform (Bootstrap's tools.svg: 50 of 16,384 pixels).
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">
          <rect width="1.000001" height="2.000003"/>
          <g><rect x="0.000001" y="1.000001" width="3.000001" height="0.000003" fill="red"/></g>
        </svg>
        """,
        // A 512 unit viewBox in 180 px: the sublayerTransform's scale 180 / 512 = 0.3515625 is
        // written 0.351563, which moves the viewBox's far corner 0.00026 px; the output lost
        // the input's viewBox and every matrix came back scaled and 0.000045 off.
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 512 512">
          <rect x="100" y="100" width="200" height="150" fill="red"/>
          <circle cx="256" cy="256" r="100" transform="translate(20 -30)"/>
        </svg>
        """,
    ]

    @Test(arguments: documents)
    func throughLayerJSONWritesTheDirectOutput(_ svg: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("in.svg")
            try Data(svg.utf8).write(to: input)
            let json = dir.appendingPathComponent("a.json").path
            let direct = try TestSupport.runLamina(["convert", input.path, "-o", "-", "--to", "svg"])
            #expect(direct.status == 0)
            #expect(try TestSupport.runLamina(["convert", input.path, "-o", json]).status == 0)
            let viaJSON = try TestSupport.runLamina(["convert", json, "-o", "-", "--to", "svg"])
            #expect(viaJSON.status == 0)
            #expect(viaJSON.stdout == direct.stdout)
        }
    }
}
