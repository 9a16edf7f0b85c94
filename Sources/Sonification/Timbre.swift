import Foundation

/// How a series sounds, so series are told apart by timbre and not only by order.
///
/// Four base timbres — sine, triangle (soft odd harmonics), organ (soft square-ish, even and
/// odd harmonics), reed (hollow, odd harmonics) — then, for a fifth series and beyond, the
/// same four again with a variation: a gentle 5 Hz tremolo, then a plucked (decaying) shape.
/// Every partial is weaker than the fundamental, so the heard pitch is the mapped pitch.
public struct Timbre: Sendable, Equatable, Hashable {
    /// The series index this timbre was made for (cycles through the base set).
    public let index: Int

    public init(series index: Int) { self.index = index }

    /// "sine", "triangle", "organ", "reed", with "tremolo"/"plucked" for later cycles.
    public var name: String {
        let base = ["sine", "triangle", "organ", "reed"][index % 4]
        switch variation {
        case 0: return base
        case 1: return base + " tremolo"
        default: return base + " plucked"
        }
    }

    var variation: Int { (index / 4) % 3 }

    /// The timbres repeat every 12 series: series `index` sounds as series `kind(index)`, so
    /// their equal tones are one bank entry.
    static func kind(_ index: Int) -> Int { index % 12 }

    /// (harmonic number, relative amplitude) pairs.
    var partials: [(harmonic: Double, amplitude: Double)] {
        switch index % 4 {
        case 0: [(1, 1)]
        case 1: [(1, 1), (3, -1.0 / 9), (5, 1.0 / 25), (7, -1.0 / 49)]
        case 2: [(1, 1), (2, 0.45), (3, 0.3), (4, 0.14), (5, 0.08)]
        default: [(1, 1), (3, 0.42), (5, 0.22), (7, 0.1)]
        }
    }
}
