import ChartData
import Foundation

/// The sound examples on the guide page, each a path relative to the site root.
public struct GuideSounds: Sendable, Equatable {
    /// An ordinary value, a series' lowest (octave below) and highest (octave above) value,
    /// the second series' timbre, a missing value, the end of a series.
    public var value, lowest, highest, second, missing, end: String
    public init(value: String, lowest: String, highest: String, second: String, missing: String, end: String) {
        (self.value, self.lowest, self.highest, self.second, self.missing, self.end) = (value, lowest, highest, second, missing, end)
    }
}

extension PageRenderer {
    struct GuideContext {
        var siteTitle: String
        var metaDescription: String
        var sounds: GuideSounds
    }

    /// `guide.html`: how to listen to the charts (template `guide`), with playable sound examples.
    public func guidePage(siteTitle: String, sounds: GuideSounds, assets: PageAssets) throws -> String {
        try render("guide", GuideContext(
            siteTitle: siteTitle, metaDescription: Messages(tag: language)["guide.metaDescription"], sounds: sounds),
            frame: PageFrame(root: "", assets: assets))
    }
}
