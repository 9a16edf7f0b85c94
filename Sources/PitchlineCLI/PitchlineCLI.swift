import ArgumentParser

/// `pitchline`: check, serve and export accessible audio charts.
public struct PitchlineCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pitchline",
        abstract: "Accessible charts with keyboard-scrubbable audio.",
        subcommands: [Check.self])

    public init() {}
}
