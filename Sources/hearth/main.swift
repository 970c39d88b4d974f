import HearthCLI

await HearthCommand.runFromCommandLine()
