import ChartData
import ChartModel
import Foundation

/// A figure of small multiples ready for its page, report embeds and the single file: the
/// figure's own description and one `ChartPresentation` per panel (each panel a full chart:
/// drawing, scrubber, details, table).
public struct FigurePresentation: Sendable {
    public let figure: ChartFigure
    public let description: FigureDescription
    public let panels: [ChartPresentation]

    public init(figure: ChartFigure, panels: [ChartPresentation]) {
        self.figure = figure
        self.description = panels.first?.figure?.description ?? figure.describe()  // described once, for the panels
        self.panels = panels
    }

    /// "Small multiples, 4 panels" for lists such as the index page.
    public var kindName: String {
        messages.plural(figure.isRidgeline ? .figureKindRidgeline : .figureKindMultiples, count: figure.panels.count)
    }

    /// The figure's language: its first panel's (the panels share the spec's).
    var messages: Messages { SpeechFormatter(chart: figure.panels[0]).messages }
    public var oneLineSummary: String { description.overview }
}

/// The template context of `partials/figure`.
struct FigureView {
    struct Panel {
        var heading: String
        var chart: ChartView
    }
    var id: String
    var title: String
    var subtitle: String?
    /// Heading levels: the figure's title, and each panel's heading.
    var level, panelLevel: Int
    var overview: String
    var sharedScales: String?
    /// The comparison's sentences, each claim's value linked to its row in its panel's table
    /// (nil: no comparison).
    var comparisonHTML: TrustedMarkup?
    /// The author's description (named apart from a panel's `authorDescription`, which the
    /// chart partial reads: a nil one must not find the figure's through the context stack).
    var figureDescription: String?
    /// How the panels are reached: one audio chart per panel.
    var listening: String
    var panels: [Panel]
}

extension FigurePresentation {
    /// - Parameters:
    ///   - level: heading level of the figure's title (1 on its page, 2 in a report or the single file).
    ///   - chartView: each panel's chart context (its level is `level + 2`: details under the panel's heading).
    func view(level: Int, chartView: (Int, ChartPresentation) -> ChartView) -> FigureView {
        let count = figure.panels.count
        let panelViews = panels.enumerated().map { i, p -> FigureView.Panel in
            var view = chartView(i, p)
            // The figure element is named by the panel ("Panel 2 of 12, Year 2013"), said once on arrival.
            view.title = p.chart.panel?.name(messages) ?? p.chart.title
            return FigureView.Panel(heading: p.chart.panel?.heading(messages) ?? p.chart.title, chart: view)
        }
        return FigureView(
            id: figure.id, title: figure.title, subtitle: figure.subtitle, level: level, panelLevel: level + 1,
            overview: description.overview, sharedScales: description.sharedScales,
            comparisonHTML: description.comparison.isEmpty ? nil : TrustedMarkup(escapedHTML: comparisonHTML),
            figureDescription: figure.authorDescription,
            listening: messages.plural(.figureListening, count: count),
            panels: panelViews)
    }

    /// The comparison as the no-script page shows it: a claim's value links to its row in the
    /// table of the panel that holds it (`Claim.panel`), where that table shows the row.
    var comparisonHTML: String {
        ChartPresentation.linkedHTML(description.comparison) { claim in
            guard let p = claim.panel, panels.indices.contains(p), let row = claim.rows.first,
                  row < min(panels[p].chart.pointCount, ChartPresentation.tableRowLimit) else { return nil }
            return ChartPresentation.rowAnchor(panels[p].chart.id, row: row)
        }
    }
}
