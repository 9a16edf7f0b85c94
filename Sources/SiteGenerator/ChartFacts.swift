import ChartData
import ChartPages
import Foundation

/// What the index page, `charts.json`, report blocks and the progress lines need of a chart or
/// figure, kept in its render cache entry so that a warm generation builds them without loading
/// the chart (issue 31: a warm re-export reads no chart data).
struct ChartFacts: Codable, Sendable, Equatable {
    var id: String
    var title: String
    /// The spec or CSV as problems name it (`site/charts/x.vl.json`): what report blocks match.
    var sourcePath: String
    /// `charts.json`'s kind ("line", "boxplot"); nil for a figure, which is not listed there.
    var kind: String?
    /// "Line chart", "Small multiples, 4 panels", in the chart's language.
    var kindName: String
    /// The summary's first sentence, for the index.
    var summary: String
    /// The chart's own language (`usermeta.pitchline.language` or the site's).
    var language: String?
    /// The index's `lang` for the entry: the chart's language when it differs from the site's.
    var ownLanguage: String?
    /// A bound input's page per value (issue 28): on the chart itself, true (the render cache
    /// loads it again, variants and all); on a variant, the chart's id (not listed anywhere).
    var hasVariants: Bool?
    var variantOf: String?

    init(_ p: ChartPresentation, pages: PageRenderer) {
        id = p.chart.id
        title = p.chart.title
        sourcePath = p.chart.sourcePath
        kind = ChartModel.kind(p.chart)
        kindName = p.kindName
        summary = p.oneLineSummary
        language = p.chart.options.language
        ownLanguage = pages.differentLanguage(p.chart)
        if let input = p.chart.semantics.input {
            if input.isVariant(id) { variantOf = input.baseID } else { hasVariants = true }
        }
    }

    init(_ f: FigurePresentation) {
        id = f.figure.id
        title = f.figure.title
        sourcePath = f.figure.sourcePath
        kindName = f.kindName
        summary = f.oneLineSummary
    }
}

/// A chart's markup inside a report (`PageRenderer.embeddedChart`), as a cache entry keeps it.
struct StoredEmbed: Codable, Sendable, Equatable {
    var html: String
    var scriptPath: String

    init(_ embed: EmbeddedChart) {
        html = embed.html
        scriptPath = embed.scriptPath
    }

    var embedded: EmbeddedChart { EmbeddedChart(html: html, scriptPath: scriptPath) }
}
