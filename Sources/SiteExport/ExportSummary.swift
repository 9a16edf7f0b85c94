import Foundation
import SiteGenerator

/// The figures an export prints at the end (tests read the chart counts).
public struct ExportSummary: Sendable, Equatable {
    public var pages = 0
    public var charts = 0
    public var chartsRendered = 0
    public var chartsReused = 0
    public var reports = 0
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

    /// Counts pages, reports and audio in the files that are exported.
    public init(fileSet: FileSet) {
        for file in fileSet.files.values where file.isExported {
            if file.path.hasSuffix(".html") {
                pages += 1
                if file.path.hasPrefix("reports/") { reports += 1 }
            } else if file.path.hasSuffix(".ogg") {
                audioSeconds += OggDuration.seconds(file.data) ?? 0
            }
        }
    }

    /// `Exported _site: 8 pages, 5 charts (0 rendered, 5 reused), 1 report, 2 min 5 s of audio,
    /// 39 files (0 written, 39 unchanged), 1.2 MB in 0.31 s`
    public var description: String {
        let reportText = reports == 1 ? "1 report" : "\(reports) reports"
        let written = "\(filesWritten) written, \(files - filesWritten) unchanged"
        return "Exported \(destination): \(pages) pages, \(charts) charts (\(chartsRendered) rendered, \(chartsReused) reused), "
            + "\(reportText), \(Self.duration(audioSeconds)) of audio, \(files == 1 ? "1 file" : "\(files) files") (\(written)), "
            + "\(Self.size(bytes))\(singleFileBytes.map { "; single file \(Self.size($0))" } ?? "") in \(String(format: "%.2f", seconds)) s"
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

/// Length of an Ogg Vorbis file from its headers: the last page's granule position (samples)
/// over the sample rate in the identification header.
enum OggDuration {
    static func seconds(_ data: Data) -> Double? {
        let bytes = [UInt8](data)
        // Identification header: first page, packet "\u{1}vorbis", rate at offset 12 of the packet.
        guard bytes.count > 58, bytes[0..<4] == [0x4F, 0x67, 0x67, 0x53] else { return nil }
        let segments = Int(bytes[26])
        let packet = 27 + segments
        guard bytes.count > packet + 16, bytes[packet] == 1 else { return nil }
        let rate = Self.uint32(bytes, packet + 12)
        guard rate > 0 else { return nil }
        // The last page header ("OggS" searched backwards) holds the final granule position.
        var i = bytes.count - 27
        while i >= 0 {
            if bytes[i] == 0x4F, bytes[i + 1] == 0x67, bytes[i + 2] == 0x67, bytes[i + 3] == 0x53 {
                var granule: UInt64 = 0
                for k in 0..<8 { granule |= UInt64(bytes[i + 6 + k]) << (8 * UInt64(k)) }
                return granule == UInt64.max ? nil : Double(granule) / Double(rate)
            }
            i -= 1
        }
        return nil
    }

    private static func uint32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
}
