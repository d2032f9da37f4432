import LaminaCommands

await Lamina.main()
