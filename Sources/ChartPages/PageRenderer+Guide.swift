import ChartData
import Foundation

/// The sound examples on the guide page, each a path relative to the site root.
public struct GuideSounds: Sendable, Equatable {
    /// One example in both containers (paths from the site root): the page offers the Ogg first
    /// and the WebM after it, so a browser that plays Vorbis only in WebM (Safari before 18.4)
    /// still plays it.
    public struct Sound: Sendable, Equatable {
        public var ogg, webm: String
        public init(ogg: String, webm: String) { (self.ogg, self.webm) = (ogg, webm) }
    }
    /// An ordinary value, a series' lowest (octave below) and highest (octave above) value,
    /// the second series' timbre, a missing value, the end of a series, the landmark chime.
    public var value, lowest, highest, second, missing, end, mark: Sound
    public init(value: Sound, lowest: Sound, highest: Sound, second: Sound, missing: Sound, end: Sound, mark: Sound) {
        (self.value, self.lowest, self.highest, self.second, self.missing, self.end, self.mark) = (value, lowest, highest, second, missing, end, mark)
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
            siteTitle: siteTitle, metaDescription: Messages(tag: language)[.guideMetaDescription], sounds: sounds),
            frame: PageFrame(root: "", assets: assets))
    }
}
