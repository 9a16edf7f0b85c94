import Foundation
import PackagePlugin

/// Build-tool plugin: embeds every file of the package's `Templates/` and `Public/` folders in the
/// target as `DefaultThemeFiles` (generated Swift), so the built binary carries its default theme
/// and runs from any folder.
///
/// SwiftPM re-plans (and so re-asks this plugin for its commands) only when the package's
/// structure changes, so the command cannot list the theme's files: a removed one would become a
/// missing input and fail every build. Instead `embed-theme.sh` runs on every build (its input,
/// a stamp file, is touched by each run; ~50 ms) and rewrites the Swift file only when the theme
/// changed, so an unchanged theme recompiles nothing.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let script = root.appendingPathComponent("Plugins/EmbedTheme/embed-theme.sh")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("theme")
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("run-every-build.stamp")
        if !FileManager.default.fileExists(atPath: stamp.path) {
            _ = FileManager.default.createFile(atPath: stamp.path, contents: Data())
        }
        return [.buildCommand(
            displayName: "Embedding the default theme (Templates/, Public/)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [script.path, root.path, output.path, stamp.path],
            inputFiles: [script, stamp],
            outputFiles: [output.appendingPathComponent("DefaultThemeFiles.swift")])]
    }
}
