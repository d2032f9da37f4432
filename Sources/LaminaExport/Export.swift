import LaminaCore

/// Writers that turn a resolved display list into SVG (SPEC §6).
public enum Export {}
