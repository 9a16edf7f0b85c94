import ChartModel
import Foundation
import VegaLite

/// How the values of a Vega-Lite time unit ("yearmonth", "utcmonthdate", "hoursminutes") are read
/// aloud: which calendar parts it keeps, whether its values are instants (with a year) or places
/// in a cycle ("January", "Sunday"), and their labels. Flooring is `VegaLite.TimeUnitSpec`'s.
package struct TimeUnitReading: Equatable {
    /// A unit's calendar parts are VegaLite's (one parser of unit names: `TimeUnitSpec`).
    package typealias Part = TimeUnitSpec.Unit

    package let name: String
    package let parts: Set<Part>

    /// nil for a name Vega-Lite does not accept.
    package init?(_ name: String) {
        guard let spec = try? TimeUnitSpec.parse(.string(name), path: "") else { return nil }
        self.name = name
        self.parts = Set(spec.units)
    }

    /// True when the unit keeps the year, so its values are points in time; otherwise they are
    /// positions in a cycle (months of any year, days of the week) and read as categories.
    package var isInstant: Bool { parts.contains(.year) }

    /// Granularity for reading instants aloud.
    package var granularity: TimeGranularity {
        if parts.contains(.seconds) || parts.contains(.milliseconds) { return .second }
        if parts.contains(.minutes) { return .minute }
        if parts.contains(.hours) { return .hour }
        if parts.contains(.date) || parts.contains(.day) || parts.contains(.week) || parts.contains(.dayofyear) { return .day }
        if parts.contains(.month) { return .month }
        if parts.contains(.quarter) { return .quarter }
        return .year
    }
}
