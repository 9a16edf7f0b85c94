import ChartData
import Foundation

/// Pages for figures of small multiples (`FigurePresentation`): the figure page, a report embed
/// and the single file's section, all from `partials/figure`.
extension PageRenderer {
    struct FigurePageContext {
        var metaDescription: String
        var dataScript: String
        var figure: FigureView
        var head: ChartPageHead
    }

    /// `charts/<id>.html` for a figure. `audio[i]` is panel i's audio (nil: labels only);
    /// `dataScript` the figure's one data script (every panel's data), relative to `charts/`.
    public func figurePage(_ f: FigurePresentation, dataScript: String, audio: [ChartAudioInfo?], assets: PageAssets) throws -> String {
        let view = f.view(level: 1) { i, p in p.view(level: 3, chartsBase: "", dataScript: dataScript, audio: audio[i]) }
        return try render("figure", FigurePageContext(metaDescription: f.description.summary, dataScript: dataScript, figure: view, head: ChartPageHead(figure: f)),
                          frame: PageFrame(root: "../", assets: assets))
    }

    /// A figure inside a report page in `reports/` (its title an h2, panels h3).
    public func embeddedFigure(_ f: FigurePresentation, dataScript: String, audio: [ChartAudioInfo?]) throws -> EmbeddedChart {
        let view = f.view(level: 2) { i, p in p.view(level: 4, chartsBase: "../charts/", dataScript: dataScript, audio: audio[i]) }
        return EmbeddedChart(html: try render("partials/figure", view), scriptPath: "../charts/\(dataScript)")
    }

    /// A figure in the single file: downloads through `link` (e.g. `data:` URLs).
    public func placedFigure(_ f: FigurePresentation, headingLevel: Int, audio: [ChartAudioInfo?], link: (String) -> String) throws -> String {
        let view = f.view(level: headingLevel) { i, p in
            var v = p.view(level: headingLevel + 2, chartsBase: "", dataScript: "", audio: audio[i])
            v.csvPath = link(v.csvPath)
            v.graphs = v.graphs.map { ChartView.Graph(path: link($0.path), name: $0.name) }
            v.bankPath = v.bankPath.map(link)
            return v
        }
        return try render("partials/figure", view)
    }
}
