import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one signal-handling path of the program: SIGINT (Ctrl-C) and SIGTERM, with their default
/// handlers off, delivered to `handler` by dispatch signal sources (off the signal context, so
/// the handler may lock, print and exit). `serve` stops gracefully on them; `export` exits or
/// stops between two files.
final class TerminationSignals: @unchecked Sendable {
    // Safety: `sources` is written once in `init`, before any handler can run.
    private var sources: [any DispatchSourceSignal] = []

    /// Starts listening; keep the value alive as long as the handler should run.
    init(_ handler: @escaping @Sendable (_ name: String) -> Void) {
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(name) }
            source.resume()
            sources.append(source)
        }
    }

    /// Starts listening now (a signal that arrives before anyone awaits is kept) and returns
    /// the signals as a stream; `first(of:)` waits for one.
    static func stream() -> AsyncStream<String> {
        AsyncStream<String>(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let signals = TerminationSignals { continuation.yield($0) }
            continuation.onTermination = { _ in _ = signals }
        }
    }

    /// Waits for the first signal of `stream`; returns its name.
    static func first(of stream: AsyncStream<String>) async -> String {
        for await name in stream { return name }
        return "SIGTERM"
    }

    /// Waits for the first SIGINT or SIGTERM; returns its name.
    static func next() async -> String { await first(of: stream()) }
}
