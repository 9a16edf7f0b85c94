import ChartPages
import Foundation

/// What the generator keeps of a rendered chart or figure (`RenderedChart`, `RenderedFigure`):
/// its facts, its presentation when it was loaded (nil when taken from the render cache without
/// loading it), and its markup inside a report.
protocol RenderedItem: Sendable {
    associatedtype Presentation
    var facts: ChartFacts { get }
    var presentation: Presentation? { get }
    /// The item's markup inside a report, when a report embeds it (kept in its cache entry).
    var embed: EmbeddedChart? { get set }
    /// The item's markup inside a report, made from its presentation.
    func embedding(_ presentation: Presentation, theme: Theme) throws -> EmbeddedChart
}

extension RenderedItem {
    var id: String { facts.id }

    /// The item's markup inside a report: the cached one, else made from the presentation.
    func embedded(theme: Theme) throws -> EmbeddedChart {
        if let embed { return embed }
        guard let presentation else { throw GenerationError(step: "Rendering reports", path: "charts/\(id).html", underlying: NotLoaded(id: id)) }
        return try embedding(presentation, theme: theme)
    }

    /// A cached item with its report markup added when a report embeds it and its cache entry
    /// has none; nil when the entry is complete as it is.
    func completed(embedding: Bool, theme: Theme) throws -> Self? {
        guard embedding, embed == nil else { return nil }
        var completed = self
        completed.embed = try embedded(theme: theme)
        return completed
    }
}

/// A report asked for an item taken from the render cache without loading it.
struct NotLoaded: Error, CustomStringConvertible {
    var id: String
    var description: String { "the chart \(id) was reused from the render cache without loading it" }
}
