import ChartData
import Foundation

/// Every key the audio chart answers, once (issue 26): the help dialog's and the guide's table
/// (`partials/keys-table.mustache` renders `rows(_:)`), the page script's key map (the help
/// dialog's `data-keys`, `mapJSON`: key → action, read by `Public/pitchline.js`), and the
/// tables of docs/keys.md and README.md, which `KeyTableTests` checks against it.
public enum KeyTable {
    /// A part of a row's keys as shown: a key named by the catalogue (`key.left`: "Left",
    /// "Links"), a key that is its character, or the words between them.
    public enum Shown: Sendable, Equatable {
        case key(MessageKey), char(String), slash, or, plus, words(MessageKey)
    }

    /// One row of the table: its keys as shown, the help text (catalogue markup: `[[P]]` is a
    /// key), and the actions of the keys (`KeyboardEvent.key` → the action `pitchline.js` runs).
    public struct Row: Sendable {
        public var shown: [Shown]
        public var help: MessageKey
        public var actions: [(key: String, action: String)]
        /// The keys stop whole-series playback before they act (End only without Shift).
        public var stopsPlayback: Bool
    }

    static func keys(_ pairs: [(String, String)]) -> [(key: String, action: String)] { pairs.map { (key: $0.0, action: $0.1) } }

    /// The rows in the order the help shows them.
    public static let rows: [Row] = [
        Row(shown: [.key(.keyLeft), .slash, .key(.keyRight)], help: .helpLeftRight,
            actions: keys([("ArrowLeft", "previous"), ("ArrowRight", "next")]), stopsPlayback: true),
        Row(shown: [.key(.keyHome), .slash, .key(.keyEnd)], help: .helpHomeEnd,
            actions: keys([("Home", "first"), ("End", "last")]), stopsPlayback: true),
        Row(shown: [.key(.keyPageUp), .slash, .key(.keyPageDown)], help: .helpPages,
            actions: keys([("PageUp", "pageBack"), ("PageDown", "pageForward")]), stopsPlayback: true),
        Row(shown: [.key(.keyUp), .slash, .key(.keyDown)], help: .helpUpDown,
            actions: keys([("ArrowUp", "up"), ("ArrowDown", "down")]), stopsPlayback: true),
        Row(shown: [.key(.keyUp), .slash, .key(.keyDown), .words(.helpOnBoxPlot)], help: .helpUpDownBox, actions: [], stopsPlayback: true),
        Row(shown: [.key(.keySpace), .or, .key(.keyEnter)], help: .helpAgain,
            actions: keys([(" ", "again")]), stopsPlayback: false),
        Row(shown: [.char("P"), .or, .key(.keyShift), .plus, .key(.keyEnd)], help: .helpPlay,
            actions: keys([("p", "play"), ("P", "play"), ("Escape", "stop")]), stopsPlayback: false),
        // Selections (issue 28, Public/pitchline-params.js): Shift+Left/Right are the Left/Right
        // rows' keys with Shift (the "previous"/"next" actions look at it); Enter without a point
        // selection says the point again.
        Row(shown: [.key(.keyShift), .plus, .key(.keyLeft), .slash, .key(.keyShift), .plus, .key(.keyRight), .words(.helpOnSelection)],
            help: .helpRange, actions: [], stopsPlayback: true),
        Row(shown: [.key(.keyEnter), .words(.helpOnSelection)], help: .helpSelect, actions: keys([("Enter", "select")]), stopsPlayback: false),
        Row(shown: [.char("+"), .slash, .char("-")], help: .helpSpeed,
            actions: keys([("+", "faster"), ("=", "faster"), ("-", "slower"), ("_", "slower")]), stopsPlayback: false),
        Row(shown: [.char("["), .slash, .char("]")], help: .helpExtremes,
            actions: keys([("[", "lowest"), ("]", "highest")]), stopsPlayback: true),
        Row(shown: [.char("M"), .slash, .key(.keyShift), .plus, .char("M")], help: .helpMarks,
            actions: keys([("m", "mark"), ("M", "mark")]), stopsPlayback: false),
        // On a live chart pitchline-live.js takes M and Shift+M before the key map (monitor mode).
        Row(shown: [.char("M"), .slash, .key(.keyShift), .plus, .char("M"), .words(.helpOnLive)], help: .helpMonitor,
            actions: [], stopsPlayback: false),
        Row(shown: [.char("S")], help: .helpStatistics, actions: keys([("s", "statistics"), ("S", "statistics")]), stopsPlayback: false),
        Row(shown: [.char("D")], help: .helpDescribe, actions: keys([("d", "describe"), ("D", "describe")]), stopsPlayback: false),
        Row(shown: [.char("J")], help: .helpJump, actions: keys([("j", "jump"), ("J", "jump")]), stopsPlayback: true),
        Row(shown: [.char("X"), .slash, .char("Y")], help: .helpAxes,
            actions: keys([("x", "xAxis"), ("X", "xAxis"), ("y", "yAxis"), ("Y", "yAxis")]), stopsPlayback: false),
        Row(shown: [.char("C")], help: .helpScales, actions: keys([("c", "scales"), ("C", "scales")]), stopsPlayback: false),
        Row(shown: [.char("R"), .slash, .char("C")], help: .helpHeatmap, actions: keys([("r", "row"), ("R", "row")]), stopsPlayback: false),
        Row(shown: [.char("B")], help: .helpBraille, actions: keys([("b", "braille"), ("B", "braille")]), stopsPlayback: false),
        Row(shown: [.char("T")], help: .helpOrder, actions: keys([("t", "order"), ("T", "order")]), stopsPlayback: false),
        Row(shown: [.char("H"), .or, .char("?")], help: .helpHelp, actions: keys([("h", "help"), ("H", "help"), ("?", "help")]), stopsPlayback: false),
        Row(shown: [.char("O")], help: .helpSettingsKey, actions: keys([("o", "settings"), ("O", "settings")]), stopsPlayback: false),
    ]

    /// A row as the help table shows it, escaped HTML (`{{{keys}}}`, `{{{help}}}`).
    struct RenderedRow { var keys: TrustedMarkup; var help: TrustedMarkup }

    /// The rows in `m`'s language.
    static func rendered(_ m: Messages) -> [RenderedRow] {
        rows.map { row in
            RenderedRow(keys: TrustedMarkup(escapedHTML: shownHTML(row.shown, m)), help: TrustedMarkup(escapedHTML: MessageLookup.markup(m[row.help])))
        }
    }

    /// "<kbd>P</kbd> or <kbd>Shift</kbd>+<kbd>End</kbd>".
    static func shownHTML(_ shown: [Shown], _ m: Messages) -> String {
        shown.map { part in
            switch part {
            case .key(let key): "<kbd>\(xmlEscape(m[key]))</kbd>"
            case .char(let c): "<kbd>\(xmlEscape(c))</kbd>"
            case .slash: " / "
            case .or: " \(xmlEscape(m[.helpOr])) "
            case .plus: "+"
            case .words(let key): " \(xmlEscape(m[key]))"
            }
        }.joined()
    }

    /// The keys as plain text in `m`'s language ("P or Shift+End"), as docs/keys.md writes them.
    public static func shownText(_ shown: [Shown], _ m: Messages) -> String {
        shown.map { part in
            switch part {
            case .key(let key): m[key]
            case .char(let c): c
            case .slash: " / "
            case .or: " \(m[.helpOr]) "
            case .plus: "+"
            case .words(let key): " \(m[key])"
            }
        }.joined()
    }

    /// The page script's key map: `{"actions": {key: action}, "stopsPlayback": [key]}`, the help
    /// dialog's `data-keys` attribute (escaped there like any attribute).
    static let mapJSON: String = {
        var actions: [String: String] = [:], stops: [String] = []
        for row in rows {
            for pair in row.actions {
                precondition(actions[pair.key] == nil, "key \(pair.key) has two actions")
                actions[pair.key] = pair.action
                if row.stopsPlayback { stops.append(pair.key) }
            }
        }
        struct Map: Encodable { var actions: [String: String]; var stopsPlayback: [String] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(Map(actions: actions, stopsPlayback: stops))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }()
}
