import Foundation
import SpecReading

/// The `.strings` files of `Messages/`, as the `Embed` build plugin compiled them in:
/// `"key" = "text";` lines, `//` and `/* */` comments, `\U202F`-style escapes. Parsed by
/// Foundation's property-list reader (the old-style `.strings` format), once per language.
enum CatalogueFile {
    struct File {
        let name: String
        let text: String
    }

    /// A language's files: its texts (`en.strings`), then its units (`en.units.strings`).
    static func files(_ language: Language) -> [File] {
        let code = language.rawValue
        return ["\(code).strings", "\(code).units.strings"].map { name in
            guard let encoded = CatalogueFiles.base64.first(where: { $0.name == name })?.contents,
                  let data = Data(base64Encoded: encoded) else {
                fatalError("Messages/\(name) is missing from the build (Embed plugin)")
            }
            return File(name: name, text: String(decoding: data, as: UTF8.self))
        }
    }

    /// The file's key → text table. A file that does not parse is a build of the catalogues that
    /// `MessagesTests` fails on; at run time it stops with the file's name.
    static func parse(_ file: File) -> [String: String] {
        do {
            let parsed = try PropertyListSerialization.propertyList(from: Data(file.text.utf8), options: [], format: nil)
            guard let table = parsed as? [String: String] else {
                fatalError("Messages/\(file.name): expected \"key\" = \"text\"; lines")
            }
            return table
        } catch {
            fatalError("Messages/\(file.name) does not parse as a .strings file: \(error)")
        }
    }

    /// The keys as they appear in the file, repeats included (for the duplicate-key test).
    static func keysInOrder(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.first == "\"", let end = line.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: line.startIndex)..<end])
        }
    }
}
