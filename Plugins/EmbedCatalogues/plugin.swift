import Foundation
import PackagePlugin

/// Build-tool plugin: embeds the message catalogues (`Messages/*.strings` in the target's folder,
/// one `LANG.strings` and one `LANG.units.strings` per language) in the target as
/// `CatalogueFiles` (generated Swift), so translators edit plain `.strings` files and the built
/// binary still carries every language.
///
/// As with EmbedTheme, the script runs on every build (its input is a stamp it touches) and
/// rewrites the Swift file only when a catalogue changed: SwiftPM re-plans only when the
/// package's structure changes, so a listed set of files would miss a new language.
@main
struct EmbedCatalogues: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let source = target as? SourceModuleTarget else { return [] }
        let script = context.package.directoryURL.appendingPathComponent("Plugins/EmbedCatalogues/embed-catalogues.sh")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("catalogues")
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("run-every-build.stamp")
        if !FileManager.default.fileExists(atPath: stamp.path) {
            _ = FileManager.default.createFile(atPath: stamp.path, contents: Data())
        }
        return [.buildCommand(
            displayName: "Embedding the message catalogues (\(source.name)/Messages)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [script.path, source.directoryURL.appendingPathComponent("Messages").path, output.path, stamp.path],
            inputFiles: [script, stamp],
            outputFiles: [output.appendingPathComponent("CatalogueFiles.swift")])]
    }
}
