import ArgumentParser
import Dispatch

/// `pitchline`: check, serve and export accessible audio charts.
public struct PitchlineCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pitchline",
        abstract: "Accessible charts with keyboard-scrubbable audio.",
        subcommands: [Check.self, Serve.self, Export.self, Bench.self, Labels.self])

    public init() {}

    /// Runs the command line from synchronous code: `await PitchlineCommand.main()` in main.swift
    /// resolves to ArgumentParser's synchronous `main()` here, which refuses async subcommands, so
    /// this one runs the async path on the cooperative pool and waits.
    public static func main() {
        let done = DispatchSemaphore(value: 0)
        Task {
            await runAsync()
            done.signal()
        }
        done.wait()
    }

    /// Parses the arguments and runs the chosen command (async or not); exits on error.
    public static func runAsync() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

/// `pitchline bench …`: the figures `make bench` prints.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print performance figures against references measured in the same run.",
        subcommands: [LoadBench.self, AudioBench.self, PageBench.self])
}
