import ChartData
import ChartModel
import Foundation
import OggVorbis
@testable import Sonification
import SpecReading
import Testing

@Suite struct SonifierTests {
    @Test func sameChartGivesIdenticalBytes() throws {
        let a = try Sonifier(cacheDirectory: nil).render(chart: weatherChart())
        let b = try Sonifier(cacheDirectory: nil).render(chart: weatherChart())
        #expect(a == b)
        #expect(!a.segments.isEmpty && a.segmentHashes.count == a.segments.count && a.segmentHashes.allSatisfy { $0.count == 10 })
    }

    @Test func cacheHitReturnsIdenticalBytesWithoutEncoding() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = weatherChart()
        let first = Sonifier(cacheDirectory: dir)
        let a = try first.render(chart: chart)
        #expect(first.statistics.encodedStreams == a.segments.count + 2)  // the bank's segments + 2 renditions
        let second = Sonifier(cacheDirectory: dir)
        let b = try second.render(chart: chart)
        #expect(a == b)
        #expect(second.statistics == SonifierStatistics(encodedStreams: 0, cacheHits: a.segments.count + 2, cacheRepairs: 0))
    }

    @Test func corruptCacheEntryIsReencodedNeverUsed() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = weatherChart()
        let good = try Sonifier(cacheDirectory: dir).render(chart: chart)
        let files = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
        let streams = good.segments.count + 2   // the bank's segments and 2 renditions
        #expect(files.count == streams)
        // Flip one byte deep inside every entry, and truncate one of them.
        for (i, file) in files.enumerated() {
            var bytes = try Data(contentsOf: file)
            if i == 0 { bytes = bytes.prefix(bytes.count / 2) } else { bytes[bytes.count - 10] ^= 0x40 }
            try bytes.write(to: file)
        }
        let sonifier = Sonifier(cacheDirectory: dir)
        let again = try sonifier.render(chart: chart)
        #expect(again == good)
        #expect(sonifier.statistics == SonifierStatistics(encodedStreams: streams, cacheHits: 0, cacheRepairs: streams))
        // Repaired entries are good again.
        let third = Sonifier(cacheDirectory: dir)
        #expect(try third.render(chart: chart) == good)
        #expect(third.statistics.cacheHits == streams)
    }

    @Test func changedOptionsMissTheCache() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sonifier = Sonifier(cacheDirectory: dir)
        let a = try sonifier.render(chart: weatherChart())
        let b = try sonifier.render(chart: weatherChart(options: AudioOptions(toneDuration: 0.2)))
        #expect(a.segments != b.segments)
        let value = a.tones.firstIndex { $0.kind == .value }!
        #expect(b.tones[value].duration > a.tones[value].duration)
    }

    @Test func renderAllKeepsOrderAndMatchesRender() async throws {
        let charts = [weatherChart(days: 100), simpleChart([[1, 5, 3]]), weatherChart(days: 30)]
        let sonifier = Sonifier(cacheDirectory: nil)
        let results = await sonifier.renderAll(charts: charts)
        for (chart, result) in zip(charts, results) {
            #expect(try result.get() == sonifier.render(chart: chart))
        }
    }

    @Test func badInputGivesClearErrors() throws {
        let sonifier = Sonifier(cacheDirectory: nil)
        let cases: [(Chart, String)] = [
            (weatherChart(options: AudioOptions(toneDuration: -0.1)), "toneDuration -0.1 is out of range; use 0.02–2 s"),
            (weatherChart(options: AudioOptions(minFrequency: 800, maxFrequency: 400)), "maxFrequency (400 Hz) must be above minFrequency (800 Hz)"),
            (weatherChart(options: AudioOptions(minFrequency: 500, maxFrequency: 500)), "must be above"),
            (weatherChart(options: AudioOptions(playbackDuration: -5)), "playbackDuration -5 is out of range; use 1–600 s"),
            (weatherChart(options: AudioOptions(smoothing: 1.5)), "smoothing"),
            (simpleChart([[1, .nan, 3]]), "row 2"),
            (simpleChart([[1, .infinity]]), "not a number"),
            (simpleChart([[]]), "no data points"),
            (simpleChart([]), "no series"),
        ]
        for (chart, phrase) in cases {
            do {
                _ = try sonifier.render(chart: chart)
                Issue.record("expected an error mentioning \(phrase)")
            } catch let error as SonificationError {
                #expect(error.description.contains(phrase), "\(error)")
            }
        }
    }

    @Test func constantSeriesAndAllMissingSeriesStillSound() throws {
        let audio = try Sonifier(cacheDirectory: nil).render(chart: simpleChart([[5, 5, 5], [nil, nil, nil]]))
        #expect(Set(audio.pointTones[0]).count == 1)
        #expect(audio.tones[audio.pointTones[0][0]].kind == .value)
        #expect(audio.pointTones[1] == [audio.missingTone, audio.missingTone, audio.missingTone])
        #expect(audio.renditions.count == 2)
    }
}
