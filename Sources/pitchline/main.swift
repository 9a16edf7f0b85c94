import PitchlineCLI

await PitchlineCommand.main()
