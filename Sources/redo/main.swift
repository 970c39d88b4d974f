import RedoCLI

await RedoCommand.runFromCommandLine()
