import ArgumentParser
import Foundation

/// `pitchline new DIR`: a small working site to start from (`StarterSite`).
struct NewSite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a small working site (charts, data, a report, pitchline.json) to edit.")

    @Argument(help: "The folder to create (it may exist if it is empty).")
    var directory: String

    func run() throws {
        let url = URL(fileURLWithPath: directory)
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ValidationError("\(directory) exists and is not a folder") }
            let contents = try fm.contentsOfDirectory(atPath: url.path)
            guard contents.isEmpty else { throw ValidationError("\(directory) is not empty; choose a new folder") }
        }
        for (path, text) in StarterSite.files {
            let file = url.appendingPathComponent(path)
            try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        }
        let shown = directory.contains(" ") ? "'\(directory)'" : directory
        print("""
            Created \(directory)/: 2 charts (charts/rainfall.csv with its sidecar, charts/temperature.vl.json), \
            1 report (reports/seattle-2015.md) and pitchline.json.

            Next:
              pitchline check \(shown)
              pitchline serve \(shown) --watch     # open http://127.0.0.1:8080/; edits reload the page
              pitchline export \(shown) --out \(shown)-export

            Put your own specs and CSV files in \(directory)/charts/, data in \(directory)/data/, and set
            the title, language and baseURL in \(directory)/pitchline.json.
            """)
    }
}
