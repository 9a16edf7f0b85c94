/// The view a reader lands on: the scrubber starts there, and its tones come first in the audio.
extension Chart {
    /// The series the scrubber starts on: a box plot's median, else the first series. The page's
    /// data script (`startSeries`) and the tone bank's first segment follow this one rule.
    public var startSeries: Int {
        if case .boxPlot(let box) = semantics.kind, let median = box.series(.median) { return median }
        return 0
    }
}
