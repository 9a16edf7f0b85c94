import Foundation
import SiteGenerator
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress on standard error: a redrawn bar on a terminal (charts done / total, elapsed), plain
/// lines otherwise (logs, CI), nothing when quiet. Safe to call from any task.
public final class ExportProgress: Sendable {
    public enum Style: Sendable { case bar, lines, quiet }

    public let style: Style
    private let start = Date()
    private let write: @Sendable (String) -> Void
    /// What the bar shows and when it was last drawn, behind one lock (any task may report).
    private struct Bar { var label = "", shown = false, lastDraw = -1.0 }
    private let bar = Mutex(Bar())

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
        bar.withLock { bar in
            switch style {
            case .quiet: return
            case .lines: write("\(step.description)  \(String(format: "%.2f s", elapsed))\n")
            case .bar:
                bar.label = step.name
                draw(&bar, done: nil, total: nil, unit: "")
            }
        }
    }

    /// One chart finished (rendered or reused).
    public func chart(_ event: ChartRenderEvent) {
        bar.withLock { bar in
            switch style {
            case .quiet: return
            case .lines: write("chart \(event.done)/\(event.total): \(event.chartID) (\(event.reused ? "reused" : "rendered"))  \(String(format: "%.2f s", elapsed))\n")
            case .bar:
                bar.label = "Rendering charts"
                draw(&bar, done: event.done, total: event.total, unit: "charts")
            }
        }
    }

    /// One file written to the temporary folder.
    public func file(_ path: String, done: Int, total: Int) {
        bar.withLock { bar in
            switch style {
            case .quiet: return
            case .lines: if done == total || done % 25 == 0 { write("wrote \(done)/\(total) files\n") }
            case .bar:
                bar.label = "Writing"
                draw(&bar, done: done, total: total, unit: "files")
            }
        }
    }

    /// Clears the bar (before the summary or an error is printed).
    public func finish() {
        bar.withLock { bar in
            if style == .bar, bar.shown { write("\r\u{1B}[2K") }
            bar.shown = false
        }
    }

    private func draw(_ bar: inout Bar, done: Int?, total: Int?, unit: String) {
        // At most 20 redraws a second (a large site writes thousands of files), but always the last.
        let now = elapsed
        if let done, let total, done < total, now - bar.lastDraw < 0.05 { return }
        bar.lastDraw = now
        let width = 24
        var text = "\r\u{1B}[2K"
        if let done, let total, total > 0 {
            let filled = width * done / total
            text += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            text += "\(done)/\(total) \(unit)  "
        }
        text += "\(bar.label)  " + String(format: "%.1f s", elapsed)
        write(text)
        bar.shown = true
    }
}
