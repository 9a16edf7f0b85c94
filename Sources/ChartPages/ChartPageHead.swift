import ChartData
import Foundation

/// What a chart page's `<head>` says about the chart's other representations: a
/// `<link rel="alternate">` per variant (the JSON model, the plain text, the CSV, the first
/// series' audio graph) and schema.org JSON-LD naming how the page can be perceived
/// (`accessModeSufficient`) and what it offers (`accessibilityFeature`). A
/// `<script type="application/ld+json">` is a data block, never run: the page's CSP
/// (`default-src 'self'`, no inline scripts) does not apply to it.
struct ChartPageHead {
    struct Alternate { var type, href, title: String }
    var alternates: [Alternate]
    /// The CSV download's CSV on the Web metadata (`<link rel="describedby">`); nil for a figure.
    var csvMetadata: String?
    /// The JSON-LD, escaped for a `<script>` element (`scriptSafeJSON`).
    var jsonLD: TrustedMarkup

    init(_ p: ChartPresentation, audio: ChartAudioInfo?) {
        let id = p.chart.id
        let m = Messages(tag: p.chart.options.language ?? "en")
        var alternates = [
            Alternate(type: "application/json", href: "\(id).json", title: "JSON"),
            Alternate(type: "text/plain", href: "\(id).txt", title: m[.chartDetails]),
            Alternate(type: "text/csv", href: "\(id).csv", title: m[.chartCsv]),
        ]
        if let graph = audio?.graphFiles.first {
            alternates.append(Alternate(type: "audio/ogg", href: graph, title: p.chart.renditionNames(m).first ?? p.chart.title))
        }
        self.init(alternates: alternates, name: p.chart.title, description: p.oneLineSummary, language: p.chart.options.language ?? "en")
        csvMetadata = "\(id).csv-metadata.json"
    }

    /// A figure of small multiples: each panel's JSON model (its page is the figure's).
    init(figure f: FigurePresentation) {
        let alternates = f.panels.map { p in
            Alternate(type: "application/json", href: "\(p.chart.id).json", title: p.chart.panel?.name(f.messages) ?? p.chart.title)
        }
        self.init(alternates: alternates, name: f.figure.title, description: f.oneLineSummary, language: f.figure.panels.first?.options.language ?? f.messages.language.rawValue)
    }

    private init(alternates: [Alternate], name: String, description: String, language: String) {
        self.alternates = alternates
        let ld = JSONLD(
            name: name, description: description, inLanguage: language,
            encoding: alternates.map { .init(encodingFormat: $0.type, contentUrl: $0.href) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(ld)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        jsonLD = TrustedMarkup(escapedHTML: scriptSafeJSON(json))
    }

    /// schema.org `WebPage` with its accessibility properties (W3C's accessibility vocabulary).
    struct JSONLD: Encodable {
        struct ModeList: Encodable {
            var type = "ItemList"
            var itemListElement: [String]
            enum CodingKeys: String, CodingKey { case type = "@type", itemListElement }
        }
        struct Download: Encodable {
            var type = "MediaObject"
            var encodingFormat, contentUrl: String
            enum CodingKeys: String, CodingKey { case type = "@type", encodingFormat, contentUrl }
        }
        var context = "https://schema.org"
        var type = "WebPage"
        var name, description, inLanguage: String
        /// The summary, statistics and table alone carry the chart; the drawing and the sound
        /// each carry it with the text beside them.
        var accessMode = ["textual", "visual", "auditory"]
        var accessModeSufficient = [ModeList(itemListElement: ["textual"]), ModeList(itemListElement: ["visual", "textual"]),
                                    ModeList(itemListElement: ["auditory", "textual"])]
        /// Summary and details (long description), headings (structural navigation), braille
        /// downloads, playback speed and stepping under the reader's control (timing control).
        var accessibilityFeature = ["longDescription", "structuralNavigation", "braille", "timingControl"]
        var accessibilityControl = ["fullKeyboardControl", "fullMouseControl", "fullTouchControl"]
        var accessibilityAPI = ["ARIA"]
        var accessibilityHazard = ["noFlashingHazard", "noMotionSimulationHazard"]
        var encoding: [Download]
        enum CodingKeys: String, CodingKey {
            case context = "@context", type = "@type", name, description, inLanguage, accessMode, accessModeSufficient
            case accessibilityFeature, accessibilityControl, accessibilityAPI, accessibilityHazard, encoding
        }
    }
}
