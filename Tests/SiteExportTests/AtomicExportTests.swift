import Foundation
import SiteGenerator
import Testing

@testable import SiteExport

#if canImport(Glibc)
import Glibc
#endif

@Suite struct AtomicExportTests {
    @Test func writesExactlyTheExportedFilesAndAMarker() throws {
        let temp = try TempFolder()
        let set = Sample.fileSet(Sample.first, serverOnly: ["charts/a/points/0/1.ogg"])
        let result = try SiteExporter(outputDirectory: temp.path("out")).write(set)
        #expect(temp.tree("out") == Sample.expected(Sample.first))
        #expect(result.files == 4)
        #expect(result.written == 4)
        #expect(temp.entries == ["out"])
    }

    @Test func replacesThePreviousExportAndLinksUnchangedFiles() throws {
        let temp = try TempFolder()
        let exporter = SiteExporter(outputDirectory: temp.path("out"))
        try exporter.write(Sample.fileSet(Sample.first))
        let result = try exporter.write(Sample.fileSet(Sample.second))
        #expect(temp.tree("out") == Sample.expected(Sample.second))  // charts/a/graph-0.ogg is gone
        #expect(result.written == 3)
        #expect(result.unchanged == 1)  // assets/x.css
        #expect(temp.entries == ["out"])
    }

    @Test func failureMidWriteLeavesThePreviousExportIntact() throws {
        let temp = try TempFolder()
        try SiteExporter(outputDirectory: temp.path("out")).write(Sample.fileSet(Sample.first))
        var failing = SiteExporter(outputDirectory: temp.path("out"))
        failing.afterEachFile = { _, done, _ in if done == 2 { throw SimulatedFailure() } }
        #expect(throws: SimulatedFailure.self) { try failing.write(Sample.fileSet(Sample.second)) }
        #expect(temp.tree("out") == Sample.expected(Sample.first))
        #expect(temp.entries == ["out"])  // the half-written temporary folder is removed
    }

    @Test func fullDiskIsAClearErrorNamingThePath() throws {
        let temp = try TempFolder()
        try SiteExporter(outputDirectory: temp.path("out")).write(Sample.fileSet(Sample.first))
        var failing = SiteExporter(outputDirectory: temp.path("out"))
        failing.afterEachFile = { path, _, _ in
            if path == "charts/b.html" { throw ExportError.system("cannot write", "/x/out.tmp/charts/b.html", errno: ENOSPC) }
        }
        do {
            try failing.write(Sample.fileSet(Sample.second))
            Issue.record("expected a failure")
        } catch let error as ExportError {
            #expect(error.description == "cannot write /x/out.tmp/charts/b.html: no space left on device")
        }
        #expect(temp.tree("out") == Sample.expected(Sample.first))
    }

    @Test func refusesAFolderPitchlineDidNotWriteUnlessForced() throws {
        let temp = try TempFolder()
        let out = temp.path("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: out.appendingPathComponent("thesis.tex"))
        do {
            try SiteExporter(outputDirectory: out).write(Sample.fileSet(Sample.first))
            Issue.record("expected a refusal")
        } catch let error as ExportError {
            #expect(error.kind == .notAnExport)
            #expect(error.description.contains("--force"))
        }
        #expect(temp.tree("out") == ["thesis.tex": Data("mine".utf8)])

        try SiteExporter(outputDirectory: out, force: true).write(Sample.fileSet(Sample.first))
        #expect(temp.tree("out") == Sample.expected(Sample.first))
        #expect(temp.entries == ["out"])
    }

    @Test func anEmptyFolderNeedsNoForce() throws {
        let temp = try TempFolder()
        try FileManager.default.createDirectory(at: temp.path("out"), withIntermediateDirectories: true)
        try SiteExporter(outputDirectory: temp.path("out")).write(Sample.fileSet(Sample.first))
        #expect(temp.tree("out") == Sample.expected(Sample.first))
    }

    @Test func leftoversOfAKilledExportAreRemovedNextTime() throws {
        let temp = try TempFolder()
        try SiteExporter(outputDirectory: temp.path("out")).write(Sample.fileSet(Sample.first))
        let dead = Self.deadPID()
        // A killed export's temporary folder (marker written first) and a stranger's folder.
        let leftover = temp.path("out.tmp-\(dead)-42")
        try FileManager.default.createDirectory(at: leftover.appendingPathComponent("charts"), withIntermediateDirectories: true)
        try Data(ExportFolder.markerText.utf8).write(to: leftover.appendingPathComponent(".pitchline-export"))
        try Data("half".utf8).write(to: leftover.appendingPathComponent("charts/a.html"))
        let stranger = temp.path("out.tmp-\(dead)-43")
        try FileManager.default.createDirectory(at: stranger, withIntermediateDirectories: true)

        try SiteExporter(outputDirectory: temp.path("out")).write(Sample.fileSet(Sample.second))
        #expect(temp.entries == ["out", "out.tmp-\(dead)-43"])
        #expect(temp.tree("out") == Sample.expected(Sample.second))
    }

    @Test func aPreviousExportCaughtBetweenTwoRenamesIsRestored() throws {
        let temp = try TempFolder()
        try SiteExporter(outputDirectory: temp.path("out")).write(Sample.fileSet(Sample.first))
        // A kill between "DIR → DIR.old-…" and "temp → DIR" (the fallback without RENAME_EXCHANGE).
        let old = temp.path("out.old-\(Self.deadPID())-7")
        try FileManager.default.moveItem(at: temp.path("out"), to: old)
        ExportFolder(temp.path("out")).cleanUpLeftovers()
        #expect(temp.entries == ["out"])
        #expect(temp.tree("out") == Sample.expected(Sample.first))
    }

    @Test func refusesPathsThatLeaveTheFolder() throws {
        let temp = try TempFolder()
        for bad in ["../evil.html", "/etc/x", "a//b", "./a", ""] {
            #expect(throws: ExportError.self) {
                try SiteExporter(outputDirectory: temp.path("out")).write(Sample.fileSet([bad: "x"]))
            }
        }
        #expect(temp.entries.isEmpty)
    }

    /// A process id that is not running (a child that has exited and been reaped).
    static func deadPID() -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try? process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
