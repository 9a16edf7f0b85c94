import ChartModel
import Foundation
import SpecReading

extension PanelPlacement {
    /// "Panel 2 of 12, Year 2013": the panel named for speech and headings (the one place), in the
    /// language of `messages`.
    public func name(_ messages: Messages) -> String {
        messages[.figurePanelName, [
            "n": TextFormat.count(index + 1, locale: messages.locale), "count": TextFormat.count(count, locale: messages.locale), "header": heading(messages)]]
    }

    /// The panel's heading: "Year 2013", "Site Crookston, Year 1931" for a facet (its field said
    /// with its value, so a bare "2013" does not leave the reader guessing), else the header.
    public func heading(_ messages: Messages) -> String {
        guard !headingParts.isEmpty else { return header }
        return headingParts.map { $0.field.isEmpty ? $0.value : messages[.figurePanelHeading, ["field": $0.field, "value": $0.value]] }
            .joined(separator: ", ")
    }
}
