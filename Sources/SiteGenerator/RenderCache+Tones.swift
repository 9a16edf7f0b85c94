import ChartPages
import Foundation

/// A chart's `[series][row]` tone indexes, kept in a cache entry as one blob of little-endian
/// 32-bit integers rather than in its JSON manifest: a million-point chart's tones are then read
/// with one copy instead of a million JSON numbers (issue 31).
struct PackedTones: Codable {
    /// The blob holding `pointTones` then `sharedPointTones`, row after row.
    var blob: Int
    /// Each series' row count in `pointTones`.
    var rows: [Int]
    /// Each series' row count in `sharedPointTones` (nil when the chart has none).
    var sharedRows: [Int]?

    /// `audio` without its tone indexes (for the JSON manifest) and the indexes packed into a new
    /// blob of `blobs`.
    static func pack(_ audio: ChartAudioInfo, into blobs: inout [Data]) -> (ChartAudioInfo, PackedTones) {
        var bare = audio
        bare.pointTones = []
        bare.sharedPointTones = nil
        let all = audio.pointTones + (audio.sharedPointTones ?? [])
        var words = [UInt32]()
        words.reserveCapacity(all.reduce(0) { $0 + $1.count })
        for row in all { for tone in row { words.append(UInt32(truncatingIfNeeded: tone).littleEndian) } }
        let packed = PackedTones(blob: blobs.count, rows: audio.pointTones.map(\.count), sharedRows: audio.sharedPointTones?.map(\.count))
        blobs.append(words.withUnsafeBytes { Data($0) })
        return (bare, packed)
    }

    /// `bare` with its tone indexes read back from the blobs; nil when they do not fit.
    func unpack(_ bare: ChartAudioInfo, blobs: [Data]) -> ChartAudioInfo? {
        guard blobs.indices.contains(blob), rows.allSatisfy({ $0 >= 0 }), (sharedRows ?? []).allSatisfy({ $0 >= 0 }) else { return nil }
        let data = blobs[blob]
        let total = rows.reduce(0, +) + (sharedRows ?? []).reduce(0, +)
        guard data.count == total * 4 else { return nil }
        let flat: [Int] = data.withUnsafeBytes { raw in
            (0..<total).map { Int(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self))) }
        }
        var offset = 0
        func take(_ counts: [Int]) -> [[Int]] {
            counts.map { count in
                defer { offset += count }
                return Array(flat[offset..<(offset + count)])
            }
        }
        var audio = bare
        audio.pointTones = take(rows)
        audio.sharedPointTones = sharedRows.map(take)
        return audio
    }
}
