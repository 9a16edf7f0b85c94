import ArgumentParser

/// `pitchline`: check, serve and export accessible audio charts.
public struct PitchlineCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pitchline",
        abstract: "Accessible charts with keyboard-scrubbable audio.",
        subcommands: [Check.self, Serve.self, Export.self, Render.self, Bench.self, NewSite.self, ThemeCommand.self, Inspect.self, Labels.self])

    public init() {}
}

/// `pitchline bench …`: the figures `make bench` prints.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print performance figures against references measured in the same run.",
        shouldDisplay: false,  // a developer's command (docs/commands.md, "For developers")
        subcommands: [LoadBench.self, AudioBench.self, PageBench.self, TransformBench.self, HeatmapBench.self, MultiplesBench.self, ExportBench.self])
}
