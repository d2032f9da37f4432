import FuzzerDriver
import LaminaCore
import LaminaExport
import LaminaJSON
import LaminaSVGImport

/// libFuzzer entry: imports the bytes as SVG and, when that succeeds, runs the whole pipeline
/// (layout, resolve, flattened SVG, debug overlay, layer JSON and its decoding back).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard var scene = try? SVGImport.importScene(bytes, file: "fuzz.svg").scene else { return 0 }
    _ = scene.tree.layout(root: scene.root)
    let (list, _) = DisplayList.resolve(scene)
    let overlay = DebugSVG.overlay(scene: scene, options: DebugSVG.Options())
    var options = FlattenedSVG.Options()
    options.overlay = overlay.markup
    _ = FlattenedSVG.write(list, scene: scene, options: options)
    let json = LayerJSON.encodeBytes(scene)
    _ = try? LayerJSON.decode(json, file: "fuzz.json")
    return 0
}

/// The executable's entry (SwiftPM aliases `main` to it): runs libFuzzer's driver on
/// ``fuzzSVGImport(_:_:)``.
@_cdecl("FuzzSVGImport_main")
public func fuzzSVGImportMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzSVGImport)
}
