import Foundation
import SiteGenerator

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress on standard error: a redrawn bar on a terminal (charts done / total, elapsed), plain
/// lines otherwise (logs, CI), nothing when quiet. Safe to call from any task.
public final class ExportProgress: @unchecked Sendable {
    public enum Style: Sendable { case bar, lines, quiet }

    public let style: Style
    private let lock = NSLock()
    private let start = Date()
    private let write: @Sendable (String) -> Void
    private var label = ""
    private var barShown = false
    private var lastDraw = -1.0

    /// - Parameters:
    ///   - quiet: print nothing.
    ///   - write: where text goes (default: standard error).
    public init(quiet: Bool, isTerminal: Bool = isatty(STDERR_FILENO) == 1, write: (@Sendable (String) -> Void)? = nil) {
        style = quiet ? .quiet : (isTerminal ? .bar : .lines)
        self.write = write ?? { FileHandle.standardError.write(Data($0.utf8)) }
    }

    public var elapsed: Double { Date().timeIntervalSince(start) }

    /// A generation step, e.g. `[3/5] Rendering charts`.
    public func step(_ step: GenerationStep) {
        lock.withLock {
            switch style {
            case .quiet: return
            case .lines: write("\(step.description)  \(String(format: "%.2f s", elapsed))\n")
            case .bar:
                label = step.name
                draw(done: nil, total: nil, unit: "")
            }
        }
    }

    /// One chart finished (rendered or reused).
    public func chart(_ event: ChartRenderEvent) {
        lock.withLock {
            switch style {
            case .quiet: return
            case .lines: write("chart \(event.done)/\(event.total): \(event.chartID) (\(event.reused ? "reused" : "rendered"))  \(String(format: "%.2f s", elapsed))\n")
            case .bar:
                label = "Rendering charts"
                draw(done: event.done, total: event.total, unit: "charts")
            }
        }
    }

    /// One file written to the temporary folder.
    public func file(_ path: String, done: Int, total: Int) {
        lock.withLock {
            switch style {
            case .quiet: return
            case .lines: if done == total || done % 25 == 0 { write("wrote \(done)/\(total) files\n") }
            case .bar:
                label = "Writing"
                draw(done: done, total: total, unit: "files")
            }
        }
    }

    /// Clears the bar (before the summary or an error is printed).
    public func finish() {
        lock.withLock {
            if style == .bar, barShown { write("\r\u{1B}[2K") }
            barShown = false
        }
    }

    private func draw(done: Int?, total: Int?, unit: String) {
        // At most 20 redraws a second (a large site writes thousands of files), but always the last.
        let now = elapsed
        if let done, let total, done < total, now - lastDraw < 0.05 { return }
        lastDraw = now
        let width = 24
        var text = "\r\u{1B}[2K"
        if let done, let total, total > 0 {
            let filled = width * done / total
            text += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            text += "\(done)/\(total) \(unit)  "
        }
        text += "\(label)  " + String(format: "%.1f s", elapsed)
        write(text)
        barShown = true
    }
}
