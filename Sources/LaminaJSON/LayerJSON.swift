import LaminaCore

/// The `lamina.layers` JSON format, version 1 (SPEC §3).
public enum LayerJSON {
    public static let format = "lamina.layers"
    public static let version = 1
}
