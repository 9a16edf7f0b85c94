import ArgumentParser

/// `pitchline`: check, serve and export accessible audio charts.
public struct PitchlineCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pitchline",
        abstract: "Accessible charts with keyboard-scrubbable audio.",
        subcommands: [Bench.self])

    public init() {}

    /// Entry point for `main.swift`. Calling `PitchlineCommand.main()` from top-level code
    /// picks ArgumentParser's synchronous `main()` on Linux, which refuses async commands.
    public static func start() async {
        await (PitchlineCommand.self as any AsyncParsableCommand.Type).main()
    }
}

/// `pitchline bench …`: the figures `make bench` prints.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print performance figures against references measured in the same run.",
        subcommands: [AudioBench.self])
}
