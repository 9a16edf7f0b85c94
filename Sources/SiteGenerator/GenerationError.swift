import Foundation

/// A failure that stops the whole generation (a broken theme), tagged with the step that failed.
/// Broken charts do not throw: they become error pages and `FileSet.problems`.
public struct GenerationError: Error, CustomStringConvertible {
    public var step: String
    public var path: String?
    public var underlying: any Error
    public var description: String {
        "\(step)\(path.map { " (\($0))" } ?? ""): \(underlying)"
    }
}

/// One named step of the generation, for progress output such as `[2/5] Rendering charts`.
public struct GenerationStep: Sendable, Equatable {
    public var index: Int
    public var count: Int
    public var name: String
    public var description: String { "[\(index)/\(count)] \(name)" }
}
