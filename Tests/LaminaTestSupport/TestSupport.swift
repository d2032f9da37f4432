import LaminaCore

/// Shared helpers for Lamina's test targets.
public enum TestSupport {}
