import RedoCLI

RedoCommand.runFromCommandLine()
