import FuzzerDriver
import LaminaCore
import LaminaExport
import LaminaJSON

/// libFuzzer entry: decodes the bytes as layer JSON and, when that succeeds, lays the scene out,
/// resolves it and writes it back as layer JSON and flattened SVG.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard var scene = try? LayerJSON.decode(bytes, file: "fuzz.json") else { return 0 }
    _ = scene.tree.layout(root: scene.root)
    let (list, _) = DisplayList.resolve(scene)
    _ = FlattenedSVG.write(list, scene: scene)
    _ = LayerJSON.encode(scene)
    return 0
}

/// The executable's entry (SwiftPM aliases `main` to it): runs libFuzzer's driver on
/// ``fuzzJSONDecode(_:_:)``.
@_cdecl("FuzzJSONDecode_main")
public func fuzzJSONDecodeMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzJSONDecode)
}
