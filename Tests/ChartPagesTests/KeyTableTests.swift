import ChartData
import Foundation
import Testing
@testable import ChartPages

/// The one key table (`KeyTable`): the script's key map, the help's rows and the documents'
/// tables come from it or are checked against it.
@Suite struct KeyTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first column of each row of the first Markdown table under a line starting `| key |`.
    static func keyColumn(_ path: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var rows: [String] = [], inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| key |") { inTable = true; continue }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            if line.hasPrefix("|---") { continue }
            rows.append(line.dropFirst().split(separator: "|", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
        }
        return rows
    }

    /// Every key name in a shown text: "P or Shift+End" → P, Shift, End.
    static func keyNames(_ shown: String) -> Set<String> {
        var names = Set<String>()
        for part in shown.components(separatedBy: " / ").flatMap({ $0.components(separatedBy: " or ") }) {
            let words = part.hasSuffix(" on a box plot") ? String(part.dropLast(" on a box plot".count)) : part
            names.formUnion(words == "+" ? ["+"] : words.components(separatedBy: "+").filter { !$0.isEmpty })
        }
        return names
    }

    @Test func docsKeysListsEveryRowInOrder() throws {
        let shown = KeyTable.rows.map { KeyTable.shownText($0.shown, .english) }
        #expect(try Self.keyColumn("docs/keys.md") == shown)
    }

    @Test func readmeNamesOnlyKeysOfTheTable() throws {
        let known = KeyTable.rows.reduce(into: Set<String>()) { $0.formUnion(Self.keyNames(KeyTable.shownText($1.shown, .english))) }
        let readme = try Self.keyColumn("README.md")
        #expect(readme.count >= 5)
        for cell in readme {
            for part in cell.components(separatedBy: ", ") {
                #expect(Self.keyNames(part).isSubset(of: known), "README's key \(part) is not in KeyTable")
            }
        }
    }

    @Test func theScriptMapsEachKeyToOneAction() throws {
        let object = try #require(JSONSerialization.jsonObject(with: Data(KeyTable.mapJSON.utf8)) as? [String: Any])
        let actions = try #require(object["actions"] as? [String: String])
        #expect(actions["ArrowLeft"] == "previous" && actions["J"] == "jump" && actions["?"] == "help" && actions["Escape"] == "stop")
        let stops = try #require(object["stopsPlayback"] as? [String])
        #expect(stops.contains("ArrowRight") && stops.contains("j") && !stops.contains("p"))
        // Every action the table names is one pitchline.js runs.
        let script = try String(contentsOf: Self.root.appendingPathComponent("Public/pitchline.js"), encoding: .utf8)
        for action in Set(actions.values) { #expect(script.contains("case \"\(action)\""), "pitchline.js has no action \(action)") }
    }

    @Test func theHelpRowsAreInEveryLanguage() {
        for tag in ["en", "de", "fr", "es"] {
            let rows = KeyTable.rendered(Messages(tag: tag))
            #expect(rows.count == KeyTable.rows.count)
            #expect(rows.allSatisfy { !$0.help.html.contains("[missing text") && $0.keys.html.hasPrefix("<kbd>") })
        }
        #expect(KeyTable.shownText(KeyTable.rows[6].shown, Messages(tag: "de")) == "P oder Umschalt+Ende")
    }
}
