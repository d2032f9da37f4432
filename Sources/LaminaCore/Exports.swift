// Every user of the layer model works with its geometry types.
@_exported import LaminaGeometry
