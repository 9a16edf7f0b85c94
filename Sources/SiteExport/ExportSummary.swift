import Foundation
import SiteGenerator

/// The figures an export prints at the end (tests read the chart counts).
public struct ExportSummary: Sendable, Equatable {
    public var pages = 0
    public var charts = 0
    public var chartsRendered = 0
    public var chartsReused = 0
    /// Reused charts whose data was not read at all (their cache entry gave everything).
    public var chartsReusedWithoutLoading = 0
    public var reports = 0
    /// Charts and reports that failed and were left out (`--keep-going`).
    public var problems = 0
    /// Length of every exported Ogg Vorbis file together (tone banks and audio graphs).
    public var audioSeconds = 0.0
    public var files = 0
    public var bytes = 0
    public var filesWritten = 0
    /// Size of the single-file export, if one was written.
    public var singleFileBytes: Int?
    public var seconds = 0.0
    public var destination = ""

    public init() {}

    /// Counts pages, charts, reports and audio in the files that are exported, by their roles
    /// (audio lengths as the generator encoded them).
    public init(fileSet: FileSet) {
        for file in fileSet.files.values where file.isExported {
            if file.role.isPage { pages += 1 }
            if file.role == .report { reports += 1 }
            if file.role == .chartPage { charts += 1 }
            audioSeconds += file.audioSeconds ?? 0
        }
        problems = fileSet.problems.count
    }

    /// `Exported _site: 8 pages, 5 charts (0 rendered, 5 reused), 1 report, 2 min 5 s of audio,
    /// 39 files (0 written, 39 unchanged), 1.2 MB in 0.31 s`
    public var description: String {
        let reportText = reports == 1 ? "1 report" : "\(reports) reports"
        let written = "\(filesWritten) written, \(files - filesWritten) unchanged"
        return "Exported \(destination): \(pages) pages, \(charts) charts (\(chartsRendered) rendered, \(chartsReused) reused), "
            + "\(reportText), \(Self.duration(audioSeconds)) of audio, \(files == 1 ? "1 file" : "\(files) files") (\(written)), "
            + "\(Self.size(bytes))\(singleFileBytes.map { "; single file \(Self.size($0))" } ?? "") in \(String(format: "%.2f", seconds)) s"
            + (problems > 0 ? "; \(problems == 1 ? "1 problem" : "\(problems) problems"): what failed was left out" : "")
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60) min \(whole % 60) s" : String(format: "%.1f s", seconds)
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        if bytes >= 1_000 { return String(format: "%.0f kB", Double(bytes) / 1_000) }
        return "\(bytes) bytes"
    }
}
