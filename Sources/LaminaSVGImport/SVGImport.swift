import LaminaCore

/// Turns SVG documents into layer trees (SPEC §5).
public enum SVGImport {}
