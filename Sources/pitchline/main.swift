import PitchlineCLI

await PitchlineCommand.start()
