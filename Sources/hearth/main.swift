import HearthServer

await HearthCommand.runFromCommandLine()
