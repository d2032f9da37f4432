import LaminaCommands

await Lamina.runFromCommandLine()
