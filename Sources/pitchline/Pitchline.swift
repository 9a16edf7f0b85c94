import ArgumentParser
import PitchlineCLI

/// The `pitchline` program: ArgumentParser's async entry point for the root command, which
/// lives in the testable PitchlineCLI library.
@main
enum Pitchline {
    static func main() async { await PitchlineCommand.main() }
}
