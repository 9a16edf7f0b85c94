import ArgumentParser
import Foundation
import SiteGenerator

/// `pitchline theme export DIR`: the built-in theme as files, to edit and pass back with `--theme`.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Work with the built-in theme.",
        subcommands: [ThemeExport.self])
}

struct ThemeExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the built-in theme (Templates/, Public/) to a folder for editing.",
        discussion: """
            Keep only the files you change: a theme folder given with --theme (or "theme" in \
            pitchline.json) overrides the built-in theme file by file.
            """)

    @Argument(help: "The folder to write (created if needed).")
    var directory: String

    @Flag(help: "Overwrite files that already exist there.")
    var force = false

    func run() throws {
        let url = URL(fileURLWithPath: directory)
        let theme = ThemeFiles.builtIn
        if !force {
            let existing = theme.files.keys.sorted().filter { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
            if !existing.isEmpty {
                throw ValidationError("\(directory) already holds \(existing.joined(separator: ", ")); pass --force to overwrite")
            }
        }
        try theme.write(to: url)
        print("Wrote the built-in theme to \(directory)/ (\(theme.files.count) files: Templates/, Public/).")
        print("Keep the files you change, delete the rest, and use it with: pitchline serve SITE --theme \(directory)")
    }
}
