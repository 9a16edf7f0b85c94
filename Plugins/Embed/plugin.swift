import Foundation
import PackagePlugin

/// Build-tool plugin: compiles package files into the target that uses it as generated Swift
/// (`embed.sh`: base64 string literals), so the built binary carries them and runs from any folder:
/// - a target with a `Messages/` folder (ChartData): its message catalogues, one `LANG.strings` and
///   one `LANG.units.strings` per language, as `CatalogueFiles`, with a typed `MessageKey` per key
///   of `en.strings` (translators edit plain `.strings` files);
/// - any other target (SiteGenerator): the default theme, every file of the package's `Templates/`
///   and `Public/`, as `DefaultThemeFiles`.
///
/// SwiftPM re-plans (and so re-asks this plugin for its commands) only when the package's
/// structure changes, so the command cannot list the embedded files: a removed one would become
/// a missing input and fail every build, a new language would be missed. Instead the script runs on
/// every build (its input, a stamp file, is touched by each run) and rewrites the Swift file only
/// when a file changed, so unchanged input recompiles nothing.
@main
struct Embed: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let source = target as? SourceModuleTarget else { return [] }
        let root = context.package.directoryURL
        let messages = source.directoryURL.appendingPathComponent("Messages")
        let catalogues = FileManager.default.fileExists(atPath: messages.path)
        let (mode, input, swiftFile, what) = catalogues
            ? ("catalogues", messages, "CatalogueFiles.swift", "the message catalogues (\(source.name)/Messages)")
            : ("theme", root, "DefaultThemeFiles.swift", "the default theme (Templates/, Public/)")
        let script = root.appendingPathComponent("Plugins/Embed/embed.sh")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent(mode)
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("run-every-build.stamp")
        if !FileManager.default.fileExists(atPath: stamp.path) {
            _ = FileManager.default.createFile(atPath: stamp.path, contents: Data())
        }
        return [.buildCommand(
            displayName: "Embedding \(what)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [script.path, mode, input.path, output.path, stamp.path],
            inputFiles: [script, stamp],
            outputFiles: [output.appendingPathComponent(swiftFile)])]
    }
}
